import { Alert, Button, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EXCHANGE_TRADING_LIMITS, EXCHANGE_TRADING_MESSAGES as TM, EXCHANGE_TRADING_UI as UI, type ConnectionTestAnswer, type ExchangeAccount, type GoLiveBody } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { atMost, required } from './rules';

/** The switch to live: the account's title typed again and the current authenticator code; errors stay in the modal. */
export function GoLiveDialog({ account, onGoLive, onClose }: { account: ExchangeAccount; onGoLive: (body: GoLiveBody) => Promise<unknown>; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<GoLiveBody>({ mode: 'onTouched', defaultValues: { confirmation: '', totp_code: '' } });
  const submit = async (body: GoLiveBody) => {
    setError(null);
    try {
      await onGoLive({ confirmation: body.confirmation.trim(), totp_code: body.totp_code.trim() });
      onClose();
    } catch (e) {
      setError(normaliseError(e));
    }
  };
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="go-live-title">
      <form onSubmit={handleSubmit(submit)} noValidate>
        <DialogTitle id="go-live-title">{UI.goLiveTitle(account.title)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{UI.goLiveText}</DialogContentText>
          <TextField label={UI.confirmation} fullWidth margin="dense" autoComplete="off" {...fieldErrorProps(formState.errors.confirmation)}
            {...register('confirmation', {
              validate: { required: required(TM.confirmationRequired), max: atMost(EXCHANGE_TRADING_LIMITS.confirmationMax, TM.confirmationWrong), same: (v) => v.trim() === account.title || TM.confirmationWrong },
            })} />
          <TextField label={UI.totpCode} fullWidth margin="dense" autoComplete="one-time-code" slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...fieldErrorProps(formState.errors.totp_code)} {...register('totp_code', { validate: required(TM.totpRequired) })} />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" color="error" variant="contained" disabled={formState.isSubmitting}>
            {UI.goLive}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}

/** What the exchange answered a connection test: its balances, or its own error message. */
export function ConnectionResultDialog({ account, result, onClose }: { account: ExchangeAccount; result: ConnectionTestAnswer | { requestError: string }; onClose: () => void }) {
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="connection-title">
      <DialogTitle id="connection-title">{`${UI.testConnection}: ${account.title}`}</DialogTitle>
      <DialogContent>
        {'requestError' in result ? (
          <Alert severity="error">{result.requestError}</Alert>
        ) : result.ok ? (
          <>
            <Alert severity="success">{UI.connectionOk}</Alert>
            {result.balances.length === 0 ? (
              <DialogContentText sx={{ mt: 1 }}>{UI.noBalances}</DialogContentText>
            ) : (
              <List dense aria-label="Balances">
                {result.balances.map((b) => (
                  <ListItem key={b.currency} disableGutters>
                    <ListItemText primary={`${b.currency}: ${b.total ?? '—'}`} secondary={`free ${b.free ?? '—'} · used ${b.used ?? '—'}`} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        ) : (
          <Alert severity="error">{`${UI.connectionFailed} ${result.error ?? ''}`}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
