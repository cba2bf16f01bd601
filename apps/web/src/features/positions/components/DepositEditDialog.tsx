import { MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { DEPOSIT_EDIT_TYPES, formatAccountTitle, POSITION_MESSAGES as M, STATS_FIGURES, type AccountAdminMetrics, type DepositTransactionType } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useEditDeposit } from '../api/edit-deposit';

export type DepositField = 'deposit_monthly' | 'deposit_at';
const LABELS: Record<DepositField, string> = { deposit_monthly: STATS_FIGURES.deposit_monthly.name, deposit_at: STATS_FIGURES.deposit_at.name };

/** Value required; a change of the monthly deposit also says why it moved. */
export function depositValueError(raw: string): string | true {
  const text = raw.trim();
  if (text === '') return M.depositValueRequired;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? true : M.depositValueInvalid;
}

export function DepositEditDialog({ account, field, onClose }: { account: AccountAdminMetrics; field: DepositField; onClose: () => void }) {
  const toast = useToast();
  const edit = useEditDeposit();
  const monthly = field === 'deposit_monthly';
  const { control, register, handleSubmit, formState } = useForm<{ value: string; deposit_type: DepositTransactionType | '' }>({
    defaultValues: { value: String(account[field]), deposit_type: '' },
  });
  const submit = handleSubmit(async ({ value, deposit_type }) => {
    try {
      const amount = Number(value.trim());
      await edit.mutateAsync({ accountId: account.id, body: monthly ? { deposit_monthly: amount, deposit_type: deposit_type as DepositTransactionType } : { deposit_at: amount } });
      // Recorded as money moved: the engine's next minute shows it in the metrics.
      toast.success(`${LABELS[field]} of ${formatAccountTitle(account.account_name)} saved; the next minute's metrics show it`);
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });
  return (
    <FormDialog title={`${LABELS[field]}: ${formatAccountTitle(account.account_name)}`} onClose={onClose} onSubmit={submit} submitLabel="Save" submitting={formState.isSubmitting}>
      <TextField autoFocus fullWidth margin="dense" label={LABELS[field]} inputMode="decimal" {...register('value', { validate: depositValueError })} {...fieldErrorProps(formState.errors.value)} />
      {monthly && (
        <Controller
          control={control}
          name="deposit_type"
          rules={{ required: M.depositTypeRequired }}
          render={({ field: select, fieldState }) => (
            <TextField select fullWidth margin="dense" label="Deposit type" {...select} {...fieldErrorProps(fieldState.error)}>
              {DEPOSIT_EDIT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </FormDialog>
  );
}
