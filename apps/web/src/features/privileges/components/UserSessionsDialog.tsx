import { Box, Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { SESSION_LIMITS, SESSION_UI } from '@console/contracts';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { useLocalTableParams } from '../../../ui/sessions/local-table-params';
import { SessionsTable } from '../../../ui/sessions/SessionsTable';
import { SignInHistoryTable } from '../../../ui/sessions/SignInHistoryTable';
import { endingOne, EndSessionsDialog, type SessionEnding } from '../../../ui/sessions/EndSessionsDialog';
import { useEndUserSessions } from '../api/end-user-sessions';
import { useUserSessions } from '../api/get-user-sessions';
import { useUserSignInHistory } from '../api/get-user-sign-in-history';

/**
 * A user's live sessions and sign-in history, from the users screen. Ending them needs the users
 * section for writing, and is not offered on one's own row (that is done from Account details).
 */
export function UserSessionsDialog({ user, canEnd, onClose }: { user: { id: number; email: string }; canEnd: boolean; onClose: () => void }) {
  const titleId = useId();
  const sessions = useUserSessions(user.id);
  const params = useLocalTableParams(SESSION_LIMITS.historyPageSizes);
  const history = useUserSignInHistory(user.id, params.query);
  const { endAll, endOne } = useEndUserSessions(user.id);
  const [ending, setEnding] = useState<SessionEnding | null>(null);
  const count = sessions.data?.results.length ?? 0;

  const endingAll: SessionEnding = { title: SESSION_UI.endAllTitle, text: SESSION_UI.endAllText(user.email), confirmLabel: SESSION_UI.endAll, end: () => endAll.mutateAsync() };

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
            onEnd={canEnd ? (session) => setEnding(endingOne(session, (id) => endOne.mutateAsync(id))) : undefined}
            toolbar={
              canEnd && (
                <Button size="small" color="error" variant="outlined" disabled={count === 0} onClick={() => setEnding(endingAll)} sx={{ ml: 'auto' }}>
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
      <EndSessionsDialog ending={ending} onClose={() => setEnding(null)} />
    </ResponsiveDialog>
  );
}
