import { Box, Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { deviceName, SESSION_LIMITS, SESSION_UI, type SessionsEnded, type UserSession } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { useLocalTableParams } from '../../../ui/sessions/local-table-params';
import { SessionsTable } from '../../../ui/sessions/SessionsTable';
import { SignInHistoryTable } from '../../../ui/sessions/SignInHistoryTable';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserSessions } from '../api/get-user-sessions';
import { useUserSignInHistory } from '../api/get-user-sign-in-history';

type Ending = { kind: 'one'; session: UserSession } | { kind: 'all' };

/**
 * A user's live sessions and sign-in history, from the users screen. Ending them needs the users
 * section for writing, and is not offered on one's own row (that is done from Account details).
 */
export function UserSessionsDialog({ user, canEnd, onClose }: { user: { id: number; email: string }; canEnd: boolean; onClose: () => void }) {
  const titleId = useId();
  const toast = useToast();
  const sessions = useUserSessions(user.id);
  const params = useLocalTableParams(SESSION_LIMITS.historyPageSizes);
  const history = useUserSignInHistory(user.id, params.query);
  const { endAll, endOne } = useEndUserSessions(user.id);
  const [ending, setEnding] = useState<Ending | null>(null);
  const count = sessions.data?.results.length ?? 0;

  async function end(action: () => Promise<SessionsEnded>) {
    try {
      toast.success((await action()).detail);
    } catch (e) {
      toast.error(normaliseError(e));
    }
  }

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {SESSION_UI.userDialogTitle(user.email)}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <SessionsTable
            sessions={sessions.data?.results}
            isLoading={sessions.isPending}
            error={sessions.error}
            onEnd={canEnd ? (session) => setEnding({ kind: 'one', session }) : undefined}
            toolbar={
              canEnd && (
                <Button size="small" color="error" variant="outlined" disabled={count === 0} onClick={() => setEnding({ kind: 'all' })} sx={{ ml: 'auto' }}>
                  {SESSION_UI.endAll}
                </Button>
              )
            }
            testId="user-sessions"
          />
          <SignInHistoryTable page={history.data} isLoading={history.isPending} error={history.error} params={params} testId="user-sign-in-history" />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{SESSION_UI.close}</Button>
      </DialogActions>
      {ending?.kind === 'one' && (
        <ConfirmDialog
          title={SESSION_UI.endOneTitle}
          text={SESSION_UI.endOneText(deviceName(ending.session.browser, ending.session.system))}
          confirmLabel={SESSION_UI.end}
          onConfirm={() => end(() => endOne.mutateAsync(ending.session.id))}
          onClose={() => setEnding(null)}
        />
      )}
      {ending?.kind === 'all' && (
        <ConfirmDialog
          title={SESSION_UI.endAllTitle}
          text={SESSION_UI.endAllText(user.email)}
          confirmLabel={SESSION_UI.endAll}
          onConfirm={() => end(() => endAll.mutateAsync())}
          onClose={() => setEnding(null)}
        />
      )}
    </ResponsiveDialog>
  );
}
