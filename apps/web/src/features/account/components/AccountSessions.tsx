import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { deviceName, SESSION_LIMITS, SESSION_UI, type SessionsEnded, type UserSession } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { useLocalTableParams } from '../../../ui/sessions/local-table-params';
import { SessionsTable } from '../../../ui/sessions/SessionsTable';
import { SignInHistoryTable } from '../../../ui/sessions/SignInHistoryTable';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndOwnSession } from '../api/end-own-session';
import { useOwnSessions } from '../api/get-own-sessions';
import { useOwnSignInHistory } from '../api/get-own-sign-in-history';

type Ending = { kind: 'one'; session: UserSession } | { kind: 'others' };

/** The user's own live sessions (end one, end all others) and sign-in history. */
export function AccountSessions() {
  const toast = useToast();
  const sessions = useOwnSessions();
  const params = useLocalTableParams(SESSION_LIMITS.historyPageSizes);
  const history = useOwnSignInHistory(params.query);
  const endOwnSession = useEndOwnSession();
  const endOtherSessions = useEndOtherSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const others = (sessions.data?.results ?? []).filter((s) => !s.is_current).length;

  async function end(action: () => Promise<SessionsEnded>) {
    try {
      toast.success((await action()).detail);
    } catch (e) {
      toast.error(normaliseError(e));
    }
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, mt: 3 }}>
      <SessionsTable
        sessions={sessions.data?.results}
        isLoading={sessions.isPending}
        error={sessions.error}
        onEnd={(session) => setEnding({ kind: 'one', session })}
        toolbar={
          <Button size="small" color="error" variant="outlined" disabled={others === 0} onClick={() => setEnding({ kind: 'others' })} sx={{ ml: 'auto' }}>
            {SESSION_UI.endOthers}
          </Button>
        }
        testId="own-sessions"
      />
      <SignInHistoryTable page={history.data} isLoading={history.isPending} error={history.error} params={params} testId="own-sign-in-history" />
      {ending?.kind === 'one' && (
        <ConfirmDialog
          title={SESSION_UI.endOneTitle}
          text={SESSION_UI.endOneText(deviceName(ending.session.browser, ending.session.system))}
          confirmLabel={SESSION_UI.end}
          onConfirm={() => end(() => endOwnSession.mutateAsync(ending.session.id))}
          onClose={() => setEnding(null)}
        />
      )}
      {ending?.kind === 'others' && (
        <ConfirmDialog
          title={SESSION_UI.endOthersTitle}
          text={SESSION_UI.endOthersText}
          confirmLabel={SESSION_UI.endOthers}
          onConfirm={() => end(() => endOtherSessions.mutateAsync())}
          onClose={() => setEnding(null)}
        />
      )}
    </Box>
  );
}
