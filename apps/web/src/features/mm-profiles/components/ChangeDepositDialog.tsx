import { Autocomplete, FormControlLabel, FormHelperText, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { DEPOSIT_OPERATIONS, DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN, DEPOSIT_PERCENT_PRESETS, MM_PROFILE_MESSAGES as M, MM_PROFILE_UI, type DepositOperation } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useChangeDeposit } from '../api/change-deposit';

interface ChangeDepositValues {
  operation_type: DepositOperation | '';
  size: string;
}

/** Size rules: required, at least 0.01; a decrease at most 100, an increase unbounded. */
export function depositSizeError(raw: string, operation: DepositOperation | ''): string | true {
  if (raw.trim() === '') return M.sizeRequired;
  const size = Number(raw.replace('%', '').trim());
  if (!Number.isFinite(size) || size < DEPOSIT_PERCENT_MIN) return M.sizeMin;
  if (operation === 'decrease' && size > DEPOSIT_PERCENT_MAX) return M.sizeMax;
  return true;
}

/** 'Change MM Deposit': scales every MM profile's quotas up or down by a percent. */
export function ChangeDepositDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const change = useChangeDeposit();
  const { control, handleSubmit, formState, getValues } = useForm<ChangeDepositValues>({ defaultValues: { operation_type: '', size: '' } });

  const submit = handleSubmit(async ({ operation_type, size }) => {
    try {
      await change.mutateAsync({ operation_type: operation_type as DepositOperation, size: Number(size.replace('%', '').trim()) });
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });

  return (
    <FormDialog title={MM_PROFILE_UI.changeDeposit} onClose={onClose} onSubmit={submit} submitLabel="Apply" submitting={formState.isSubmitting}>
      <Stack spacing={1}>
        <Controller
          control={control}
          name="operation_type"
          rules={{ required: M.operationRequired }}
          render={({ field, fieldState }) => (
            <>
              <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)} aria-label="Operation">
                {DEPOSIT_OPERATIONS.map((operation) => (
                  <FormControlLabel key={operation} value={operation} control={<Radio />} label={operation === 'increase' ? 'Increase' : 'Decrease'} />
                ))}
              </RadioGroup>
              <FormHelperText error>{fieldState.error?.message ?? ' '}</FormHelperText>
            </>
          )}
        />
        <Controller
          control={control}
          name="size"
          rules={{ validate: (value) => depositSizeError(value, getValues('operation_type')) }}
          render={({ field, fieldState }) => (
            <Autocomplete
              freeSolo
              options={DEPOSIT_PERCENT_PRESETS.map(String)}
              inputValue={field.value}
              onInputChange={(_, value) => field.onChange(value)}
              getOptionLabel={(option) => option}
              renderOption={({ key, ...props }, option) => (
                <li key={key} {...props}>
                  {option}%
                </li>
              )}
              renderInput={(params) => <TextField {...params} label="Size, %" error={!!fieldState.error} helperText={fieldState.error?.message ?? ' '} />}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
