import { TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { STRATEGY_PROFILE_MESSAGES, STRATEGY_PROFILE_TITLE_MAX, STRATEGY_PROFILE_UI } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCreateStrategyProfile } from '../api/create-strategy-profile';

/** Add: a title makes a draft, which the list then shows with Continue (the wizard fills in the rest). */
export function AddStrategyProfileDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const create = useCreateStrategyProfile();
  const { register, handleSubmit, formState } = useForm<{ title: string }>({ defaultValues: { title: '' } });

  const submit = handleSubmit(async ({ title }) => {
    try {
      await create.mutateAsync({ title: title.trim() });
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });

  return (
    <FormDialog title={STRATEGY_PROFILE_UI.addFormTitle} onClose={onClose} onSubmit={submit} submitLabel="Save" submitting={formState.isSubmitting}>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label="Strategy profile name"
        {...register('title', {
          validate: (value) => value.trim() !== '' || STRATEGY_PROFILE_MESSAGES.titleBlank,
          maxLength: { value: STRATEGY_PROFILE_TITLE_MAX, message: STRATEGY_PROFILE_MESSAGES.titleTooLong },
        })}
        {...fieldErrorProps(formState.errors.title)}
      />
    </FormDialog>
  );
}
