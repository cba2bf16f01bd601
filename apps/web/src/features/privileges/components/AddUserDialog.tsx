import { Alert, MenuItem, TextField } from '@mui/material';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { EMAIL_PATTERN, LABELS, MESSAGES, NEW_USER_PASSWORD_PATTERN, OWN_MESSAGES } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import type { GroupOption } from '@console/contracts';

interface NewUser {
  email: string;
  password: string;
  repeat: string;
  group: number | '';
}

/** 'Add New User': email, password with a letter, a number and a symbol, repeat, group. */
export function AddUserDialog({ groups, onCreate, onClose }: { groups: GroupOption[]; onCreate: (u: { email: string; password: string; group: number }) => Promise<unknown>; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<NewUser>({ defaultValues: { email: '', password: '', repeat: '', group: '' } });

  async function submit(values: NewUser) {
    try {
      await onCreate({ email: values.email.trim(), password: values.password, group: Number(values.group) });
      onClose();
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  return (
    <FormDialog title={LABELS.addNewUser} onClose={onClose} onSubmit={handleSubmit(submit)} submitLabel="Create" submitting={formState.isSubmitting}>
      <TextField label="Email" fullWidth margin="dense" {...fieldErrorProps(formState.errors.email)}
        {...register('email', { validate: (v) => (!v.trim() ? MESSAGES.emailBlank : EMAIL_PATTERN.test(v.trim()) || MESSAGES.emailInvalid) })} />
      <TextField label="Password" type="password" fullWidth margin="dense" {...fieldErrorProps(formState.errors.password)}
        {...register('password', { validate: (v) => NEW_USER_PASSWORD_PATTERN.test(v) || OWN_MESSAGES.newUserPasswordRules })} />
      <TextField label="Repeat password" type="password" fullWidth margin="dense" {...fieldErrorProps(formState.errors.repeat)}
        {...register('repeat', { validate: (v) => v === getValues('password') || OWN_MESSAGES.passwordsDoNotMatch })} />
      <TextField select label="Group" fullWidth margin="dense" defaultValue="" {...fieldErrorProps(formState.errors.group)}
        slotProps={{ htmlInput: register('group', { validate: (v) => v !== '' || OWN_MESSAGES.groupRequired }) }}>
        {groups.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {g.name}
          </MenuItem>
        ))}
      </TextField>
      {error && <Alert severity="error">{error}</Alert>}
    </FormDialog>
  );
}
