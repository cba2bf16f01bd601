import { Box, Chip, FormControlLabel, Switch, Tooltip } from '@mui/material';
import { BROKER_PROGRAM_TEXTS as T, type ExchangeAccount } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSaveExchangeAccount } from '../api/save-exchange-account';

/**
 * An account's broker program: Active/Not Active with the activation tooltip, and the On/Off switch
 * (a PUT of the account) only where the program is available; locked while its request runs.
 */
export function BrokerProgram({ account, writable }: { account: ExchangeAccount; writable: boolean }) {
  const toast = useToast();
  const save = useSaveExchangeAccount();
  const active = account.broker_program_is_active;

  async function toggle(next: boolean) {
    try {
      await save.mutateAsync({
        id: account.id,
        body: { title: account.title, api_key: account.api_key, leverage: account.leverage, broker_id: account.broker_id, broker_program_is_active: next },
      });
    } catch (e) {
      toast.error(normaliseError(e));
    }
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }} data-testid="broker-program">
      <Tooltip title={`${active ? T.activated : T.notActivated}. ${account.broker_program_is_available ? T.available : T.notAvailable}.`} enterTouchDelay={0}>
        <Chip size="small" variant="outlined" color={active ? 'success' : 'default'} label={active ? T.active : T.notActive} tabIndex={0} />
      </Tooltip>
      {writable && account.broker_program_is_available && (
        <Tooltip title={T.available}>
          <FormControlLabel
            sx={{ mr: 0 }}
            control={
              <Switch
                size="small"
                checked={active}
                disabled={save.isPending}
                onChange={(event) => void toggle(event.target.checked)}
                slotProps={{ input: { 'aria-label': `Broker program of ${account.title}` } }}
              />
            }
            label={active ? 'On' : 'Off'}
          />
        </Tooltip>
      )}
    </Box>
  );
}
