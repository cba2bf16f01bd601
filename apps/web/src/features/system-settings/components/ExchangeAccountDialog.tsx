import { Alert, Button, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from '@mui/material';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  ACCOUNT_MODE_LABELS,
  DEFAULT_ACCOUNT_MODE,
  DEFAULT_EXCHANGE_ID,
  EXCHANGE_TRADING_LIMITS,
  EXCHANGE_TRADING_MESSAGES as TM,
  EXCHANGE_TRADING_UI,
  FORM_ACCOUNT_MODES,
  TRADING_EXCHANGE_IDS,
  type AccountMode,
  DEFAULT_EXCHANGE_MARKET,
  EXCHANGE_ACCOUNT_MESSAGES as M,
  EXCHANGE_MARKET_LABELS,
  EXCHANGE_MARKETS,
  LIMITS,
  MARKET_DATA_LIMITS,
  SETTINGS_UI_TEXTS,
  type ExchangeAccount,
  type ExchangeAccountInput,
  type ExchangeMarket,
} from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { atMost, required } from './rules';

/** The modal's states besides closed. */
export type AccountDialogState = { mode: 'create' } | { mode: 'edit'; account: ExchangeAccount } | { mode: 'delete'; account: ExchangeAccount };

interface AccountForm {
  title: string;
  api_key: string;
  api_secret: string;
  leverage: string;
  broker_id: string;
  exchange: string;
  market: ExchangeMarket;
  mode: AccountMode;
  api_url: string;
}

interface Props {
  state: AccountDialogState;
  onSave: (body: ExchangeAccountInput, id?: number) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
  onClose: () => void;
}

const leverageRule = (value: string) => {
  const n = Number(value);
  return (value.trim() !== '' && Number.isFinite(n) && n >= LIMITS.leverageMin && n <= LIMITS.leverageMax) || M.leverageRange;
};

/** Create, edit or delete-confirm an exchange account; errors, a delete error too, stay inside the modal. */
export function ExchangeAccountDialog({ state, onSave, onDelete, onClose }: Props) {
  const action = useAccountAction(onClose);
  if (state.mode === 'delete') {
    return <DeleteAccountDialog account={state.account} action={action} onDelete={onDelete} onClose={onClose} />;
  }
  return <AccountFormDialog account={state.mode === 'edit' ? state.account : null} action={action} onSave={onSave} onClose={onClose} />;
}

/** Runs the dialog's request: busy while it runs, closes on success, keeps the error in the modal. */
function useAccountAction(onClose: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>) {
    setError(null);
    setBusy(true);
    try {
      await action();
      onClose();
    } catch (e) {
      setError(normaliseError(e));
    } finally {
      setBusy(false);
    }
  }
  return { error, busy, run };
}

type AccountAction = ReturnType<typeof useAccountAction>;

function DeleteAccountDialog({ account, action, onDelete, onClose }: { account: ExchangeAccount; action: AccountAction; onDelete: Props['onDelete']; onClose: () => void }) {
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="account-dialog-title">
      <DialogTitle id="account-dialog-title">Delete exchange account</DialogTitle>
      <DialogContent>
        <DialogContentText>{SETTINGS_UI_TEXTS.confirmAccountDelete(account.title)}</DialogContentText>
        {action.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {action.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={action.busy} onClick={() => action.run(() => onDelete(account.id))}>
          Delete
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** The form's values as the API takes them; on edit an empty secret keeps the stored one. */
function accountInput(values: AccountForm): ExchangeAccountInput {
  return {
    title: values.title.trim(),
    api_key: values.api_key.trim(),
    leverage: Number(values.leverage),
    broker_id: values.broker_id.trim() || null,
    exchange: values.exchange.trim(),
    market: values.market,
    mode: values.mode,
    api_url: values.api_url.trim() || null,
    ...(values.api_secret.trim() ? { api_secret: values.api_secret.trim() } : {}),
  };
}

function AccountFormDialog({ account, action, onSave, onClose }: { account: ExchangeAccount | null; action: AccountAction; onSave: Props['onSave']; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm<AccountForm>({
    mode: 'onTouched',
    defaultValues: {
      title: account?.title ?? '',
      api_key: account?.api_key ?? '',
      api_secret: '',
      leverage: account ? String(account.leverage) : '',
      broker_id: account?.broker_id ?? '',
      exchange: account?.exchange ?? DEFAULT_EXCHANGE_ID,
      market: account?.market ?? DEFAULT_EXCHANGE_MARKET,
      mode: account?.mode ?? DEFAULT_ACCOUNT_MODE,
      api_url: account?.api_url ?? '',
    },
  });
  const creating = account === null;
  const save = (values: AccountForm) => action.run(() => onSave(accountInput(values), account?.id));
  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="account-dialog-title">
      <form onSubmit={handleSubmit(save)} noValidate>
        <DialogTitle id="account-dialog-title">{creating ? 'Add exchange account' : 'Edit exchange account'}</DialogTitle>
        <DialogContent>
          <CredentialFields register={register} errors={formState.errors} creating={creating} />
          <VenueFields register={register} errors={formState.errors} account={account} />
          {action.error && <Alert severity="error">{action.error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={action.busy}>
            {creating ? 'Add' : 'Save'}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}

interface FieldsProps {
  register: UseFormRegister<AccountForm>;
  errors: FieldErrors<AccountForm>;
}

/** Name, keys, leverage and broker id. */
function CredentialFields({ register, errors, creating }: FieldsProps & { creating: boolean }) {
  return (
    <>
      <TextField label="Name" fullWidth margin="dense" {...fieldErrorProps(errors.title)}
        {...register('title', { validate: { required: required(M.nameBlank), max: atMost(LIMITS.nameMax, M.nameTooLong) } })} />
      <TextField label="API key" fullWidth margin="dense" autoComplete="off" {...fieldErrorProps(errors.api_key)}
        {...register('api_key', { validate: { required: required(M.apiKeyBlank), max: atMost(LIMITS.apiKeyMax, M.apiKeyTooLong) } })} />
      <TextField label="Secret key" type="password" fullWidth margin="dense" autoComplete="new-password"
        placeholder={creating ? undefined : SETTINGS_UI_TEXTS.secretKeptOnEdit}
        slotProps={{ inputLabel: creating ? undefined : { shrink: true } }}
        {...fieldErrorProps(errors.api_secret)}
        {...register('api_secret', { validate: { required: creating ? required(M.apiSecretBlank) : () => true, max: atMost(LIMITS.apiKeyMax, M.apiSecretTooLong) } })} />
      <TextField label="Leverage" type="number" fullWidth margin="dense" slotProps={{ htmlInput: { min: LIMITS.leverageMin, max: LIMITS.leverageMax, step: 1 } }}
        {...fieldErrorProps(errors.leverage)} {...register('leverage', { validate: leverageRule })} />
      <TextField label="Broker Id" fullWidth margin="dense" {...fieldErrorProps(errors.broker_id)}
        {...register('broker_id', { validate: atMost(LIMITS.brokerIdMax, M.brokerIdTooLong) })} />
    </>
  );
}

/** Where the account trades: the exchange, its market, the mode and an API URL. */
function VenueFields({ register, errors, account }: FieldsProps & { account: ExchangeAccount | null }) {
  // A live account keeps live here; leaving it is choosing paper or demo. Going live has its own dialog.
  const modes: readonly AccountMode[] = account?.mode === 'live' ? ['live', ...FORM_ACCOUNT_MODES] : FORM_ACCOUNT_MODES;
  return (
    <>
      <TextField label="Exchange (ccxt id)" fullWidth margin="dense" {...fieldErrorProps(errors.exchange)}
        {...register('exchange', { validate: (value) => MARKET_DATA_LIMITS.exchangePattern.test(value.trim()) || M.exchangeInvalid })} />
      <TextField select label="Market" fullWidth margin="dense" defaultValue={account?.market ?? DEFAULT_EXCHANGE_MARKET} slotProps={{ htmlInput: register('market') }}>
        {EXCHANGE_MARKETS.map((market) => (
          <MenuItem key={market} value={market}>
            {EXCHANGE_MARKET_LABELS[market]}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={EXCHANGE_TRADING_UI.mode} fullWidth margin="dense" defaultValue={account?.mode ?? DEFAULT_ACCOUNT_MODE}
        error={!!errors.mode} helperText={errors.mode?.message ?? EXCHANGE_TRADING_UI.demoFirst}
        slotProps={{ htmlInput: register('mode', { validate: (mode, form) => mode === 'paper' || TRADING_EXCHANGE_IDS.includes(form.exchange.trim()) || TM.exchangeNotTradable }) }}>
        {modes.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {ACCOUNT_MODE_LABELS[mode]}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={EXCHANGE_TRADING_UI.apiUrl} fullWidth margin="dense" placeholder="https://testnet.example.com" error={!!errors.api_url} helperText={errors.api_url?.message ?? EXCHANGE_TRADING_UI.apiUrlHelp}
        {...register('api_url', { validate: { max: atMost(EXCHANGE_TRADING_LIMITS.apiUrlMax, TM.apiUrlTooLong), pattern: (value) => EXCHANGE_TRADING_LIMITS.apiUrlPattern.test(value.trim()) || TM.apiUrlInvalid } })} />
    </>
  );
}
