import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import { BOT_CONTROL_TEXTS, canWrite, type BotStatus } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSetSystemStatus, useSystemStatus } from '../api/system-status';

/** The action that moves the bot away from a status. */
export function botSwitch(status: BotStatus): { action: 'enable' | 'disable'; target: BotStatus } {
  return status === 'enabled' ? { action: 'disable', target: 'disabled' } : { action: 'enable', target: 'enabled' };
}

/** The bot on/off button of the top bar, for groups with the bot_status section. */
export function BotStatusButton() {
  const { user } = useAuthState();
  const allowed = canWrite(user?.group, 'bot_status');
  const status = useSystemStatus(allowed);
  const setStatus = useSetSystemStatus();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  if (!allowed || !status.data) return null;

  const current = status.data;
  const change = botSwitch(current.status);
  const changing = current.action_state === 'CHANGING' || setStatus.isPending;

  async function confirm() {
    setAsking(false);
    try {
      await setStatus.mutateAsync(change.target);
      toast.success(BOT_CONTROL_TEXTS.done(change.target));
    } catch (e) {
      toast.error(normaliseError(e));
    }
  }

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={current.status === 'enabled' ? 'success' : 'inherit'}
        disabled={changing}
        onClick={() => setAsking(true)}
        data-testid="bot-status"
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {changing ? 'Bot: changing…' : `Bot: ${current.status}`}
      </Button>
      {asking && (
        <ResponsiveDialog open onClose={() => setAsking(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
          <DialogTitle id={titleId}>Bot status</DialogTitle>
          <DialogContent>
            <DialogContentText>{BOT_CONTROL_TEXTS.confirm(change.action)}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(false)}>Cancel</Button>
            <Button variant="contained" onClick={() => void confirm()}>
              Confirm
            </Button>
          </DialogActions>
        </ResponsiveDialog>
      )}
    </>
  );
}
