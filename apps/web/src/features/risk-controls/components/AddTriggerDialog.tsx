import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { RISK_CONTROL_UI, TRIGGER_KIND_VALUES, TRIGGER_KINDS, type TriggerKind } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCreateTrigger } from '../api/risk-controls';
import { GroupSelect } from './GroupSelect';
import { newTriggerErrors, type NewTriggerValues } from './trigger-rules';

const resolver: Resolver<NewTriggerValues> = (values) => {
  const errors = newTriggerErrors(values);
  return {
    values: Object.keys(errors).length ? {} : values,
    errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }])),
  };
};

const NUMBER_FIELDS: { name: Exclude<keyof NewTriggerValues, 'trigger_type'>; label: string; hardOnly: boolean }[] = [
  { name: 'trigger_blocker', label: 'Trigger(event) blocker', hardOnly: false },
  { name: 'timer', label: 'Timer(min)', hardOnly: false },
  { name: 'position_reduce', label: 'Position reduce', hardOnly: true },
  { name: 'x_percent_depo', label: 'X percent depo', hardOnly: true },
  { name: 'y_percent_depo', label: 'Y percent depo', hardOnly: true },
];

/** 'Add': a NAV Alerting or Hard Risk Control trigger (the new trigger form). */
export function AddTriggerDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const create = useCreateTrigger();
  const [groups, setGroups] = useState<number[]>([]);
  const { control, register, handleSubmit, formState } = useForm<NewTriggerValues>({
    resolver,
    defaultValues: { trigger_type: '', trigger_blocker: '', timer: '', position_reduce: '', x_percent_depo: '', y_percent_depo: '' },
  });
  const kind = useWatch({ control, name: 'trigger_type' });
  const submit = handleSubmit(async (values) => {
    const hard = values.trigger_type === 'nav_reducing';
    try {
      await create.mutateAsync({
        trigger_type: values.trigger_type as TriggerKind,
        trigger_blocker: Number(values.trigger_blocker),
        timer: Number(values.timer),
        ...(hard ? { position_reduce: Number(values.position_reduce), x_percent_depo: Number(values.x_percent_depo), y_percent_depo: Number(values.y_percent_depo) } : {}),
        group_profiles: groups,
      });
      toast.success('Trigger added');
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });
  return (
    <FormDialog title="New trigger" onClose={onClose} onSubmit={submit} submitLabel="Add" submitting={formState.isSubmitting} maxWidth="sm">
      <Controller
        control={control}
        name="trigger_type"
        render={({ field, fieldState }) => (
          <TextField select fullWidth margin="dense" label="Kind" {...field} error={!!fieldState.error} helperText={fieldState.error?.message ?? ' '} slotProps={{ htmlInput: { 'data-testid': 'trigger-kind' } }}>
            {TRIGGER_KIND_VALUES.map((value) => (
              <MenuItem key={value} value={value}>
                {TRIGGER_KINDS[value]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {NUMBER_FIELDS.filter((field) => !field.hardOnly || kind === 'nav_reducing').map(({ name, label }) => (
        <TextField
          key={name}
          fullWidth
          margin="dense"
          label={label}
          placeholder={RISK_CONTROL_UI.placeholder}
          inputMode="decimal"
          {...register(name)}
          error={!!formState.errors[name]}
          helperText={formState.errors[name]?.message ?? ' '}
        />
      ))}
      <GroupSelect value={groups} onChange={setGroups} />
    </FormDialog>
  );
}
