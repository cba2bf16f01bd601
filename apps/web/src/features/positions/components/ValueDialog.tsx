import { TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';

/**
 * A dialog asking for one number (the reduce percent, the limit close coefficient): `validate` is the
 * field's rule, `onSubmit` gets the value once it holds; the dialog stays open while the request runs.
 */
export function ValueDialog({
  title,
  text,
  label,
  submitLabel,
  validate,
  onSubmit,
  onClose,
}: {
  title: string;
  text?: string;
  label: string;
  submitLabel: string;
  validate: (raw: string) => string | true;
  onSubmit: (value: number) => Promise<unknown>;
  onClose: () => void;
}) {
  const { register, handleSubmit, formState } = useForm<{ value: string }>({ defaultValues: { value: '' } });
  const submit = handleSubmit(async ({ value }) => {
    await onSubmit(Number(value.trim()));
  });
  return (
    <FormDialog title={title} onClose={onClose} onSubmit={submit} submitLabel={submitLabel} submitting={formState.isSubmitting}>
      {text && <p>{text}</p>}
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={label}
        inputMode="decimal"
        {...register('value', { validate })}
        {...fieldErrorProps(formState.errors.value)}
        slotProps={{ htmlInput: { 'data-testid': 'value-input' } }}
      />
    </FormDialog>
  );
}
