import { TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { TRIGGER_FIELD_LABELS, type RiskTrigger, type TriggerEditableField } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useUpdateTrigger } from '../api/risk-controls';
import { editValueError } from './trigger-rules';

const TEXT_FIELDS = new Set<TriggerEditableField>(['trigger_name', 'rules']);

/** Editing one value of a trigger: a modal titled by the field. */
export function EditValueDialog({ trigger, field, onClose }: { trigger: RiskTrigger; field: TriggerEditableField; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateTrigger();
  const current = trigger[field];
  const { register, handleSubmit, formState } = useForm<{ value: string }>({ defaultValues: { value: current === null ? '' : String(current) } });
  const submit = handleSubmit(async ({ value }) => {
    try {
      await update.mutateAsync({ id: trigger.id, change: { [field]: TEXT_FIELDS.has(field) ? value.trim() : Number(value.trim()) } });
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });
  return (
    <FormDialog title={TRIGGER_FIELD_LABELS[field]} onClose={onClose} onSubmit={submit} submitLabel="Save" submitting={formState.isSubmitting}>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={TRIGGER_FIELD_LABELS[field]}
        multiline={field === 'rules'}
        inputMode={TEXT_FIELDS.has(field) ? 'text' : 'decimal'}
        {...register('value', { validate: (raw) => editValueError(trigger, field, raw) ?? true })}
        error={!!formState.errors.value}
        helperText={formState.errors.value?.message ?? ' '}
      />
    </FormDialog>
  );
}
