import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { FormControlLabel, InputAdornment, Stack, Switch, TextField, Tooltip } from '@mui/material';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DEPOSIT_PERCENT_MAX, DEPOSIT_PERCENT_MIN, MM_PROFILE_MESSAGES as M, MM_PROFILE_UI, type MmAutoDeposit } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSaveAutoDeposit } from '../api/auto-deposit';

interface ReinvestValues {
  enabled: boolean;
  percent: string;
}

/** 'Re-invest daily': the daily deposit update by the asset sum's change; the percent is sent as 0 when off. */
export function ReinvestDialog({ current, onClose }: { current: MmAutoDeposit; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveAutoDeposit();
  const { control, register, handleSubmit, formState } = useForm<ReinvestValues>({
    defaultValues: { enabled: current.is_auto_change_mm_depo_enabled, percent: current.is_auto_change_mm_depo_enabled ? String(current.auto_change_mm_depo_percent) : '' },
  });
  const enabled = useWatch({ control, name: 'enabled' });

  const submit = handleSubmit(async ({ enabled, percent }) => {
    try {
      await save.mutateAsync({ is_auto_change_mm_depo_enabled: enabled, auto_change_mm_depo_percent: enabled ? Number(percent) : 0 });
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });

  return (
    <FormDialog title={MM_PROFILE_UI.reinvestDaily} onClose={onClose} onSubmit={submit} submitLabel="Save" submitting={formState.isSubmitting}>
      <Stack spacing={1}>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => <FormControlLabel control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label="Enabled" />}
        />
        <TextField
          label="X, %"
          disabled={!enabled}
          inputMode="decimal"
          {...register('percent', {
            validate: (value) => {
              if (!enabled) return true;
              const percent = Number(value);
              return (value.trim() !== '' && percent >= DEPOSIT_PERCENT_MIN && percent <= DEPOSIT_PERCENT_MAX) || M.reinvestPercentRange;
            },
          })}
          {...fieldErrorProps(formState.errors.percent)}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={MM_PROFILE_UI.reinvestTooltip}>
                    <InfoOutlinedIcon fontSize="small" color="action" aria-label={MM_PROFILE_UI.reinvestTooltip} tabIndex={0} />
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
    </FormDialog>
  );
}
