import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { SESSION_LIMITS, SESSION_UI } from '@console/contracts';
import { endingOne, EndSessionsDialog, type SessionEnding } from '../../../ui/sessions/EndSessionsDialog';
import { useLocalTableParams } from '../../../ui/sessions/local-table-params';
import { SessionsTable } from '../../../ui/sessions/SessionsTable';
import { SignInHistoryTable } from '../../../ui/sessions/SignInHistoryTable';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndOwnSession } from '../api/end-own-session';
import { useOwnSessions } from '../api/get-own-sessions';
import { useOwnSignInHistory } from '../api/get-own-sign-in-history';

/** The user's own live sessions (end one, end all others) and sign-in history. */
export function AccountSessions() {
  const sessions = useOwnSessions();
  const params = useLocalTableParams(SESSION_LIMITS.historyPageSizes);
  const history = useOwnSignInHistory(params.query);
  const endOwnSession = useEndOwnSession();
  const endOtherSessions = useEndOtherSessions();
  const [ending, setEnding] = useState<SessionEnding | null>(null);
  const others = (sessions.data?.results ?? []).filter((s) => !s.is_current).length;

  const endOthers: SessionEnding = { title: SESSION_UI.endOthersTitle, text: SESSION_UI.endOthersText, confirmLabel: SESSION_UI.endOthers, end: () => endOtherSessions.mutateAsync() };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, mt: 3 }}>
      <SessionsTable
        sessions={sessions.data?.results}
        isLoading={sessions.isPending}
        error={sessions.error}
        onEnd={(session) => setEnding(endingOne(session, (id) => endOwnSession.mutateAsync(id)))}
        toolbar={
          <Button size="small" color="error" variant="outlined" disabled={others === 0} onClick={() => setEnding(endOthers)} sx={{ ml: 'auto' }}>
            {SESSION_UI.endOthers}
          </Button>
        }
        testId="own-sessions"
      />
      <SignInHistoryTable page={history.data} isLoading={history.isPending} error={history.error} params={params} testId="own-sign-in-history" />
      <EndSessionsDialog ending={ending} onClose={() => setEnding(null)} />
    </Box>
  );
}
