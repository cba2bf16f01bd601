import { Alert, Box, Button, Paper, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_PASSWORD_PATTERN, EMAIL_PATTERN, MESSAGES, OWN_MESSAGES, ownAccountChange, PATHS } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { PageTitle } from '../../../ui/PageTitle';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useUpdateOwnAccount } from '../api/update-own-account';
import { AccountSessions } from '../components/AccountSessions';
import { ApiTokensBlock } from '../../api-tokens';
import { AlertChannelsBlock } from '../../alert-channels';

interface AccountForm {
  email: string;
  old_password: string;
  new_password: string;
}

/** Account details: email and an optional password change (Save only after a change); the user's sessions, sign-in history, API tokens and alert channels. */
export function AccountDetailsPage() {
  const { user } = useAuthState();
  const toast = useToast();
  const navigate = useNavigate();
  const updateOwnAccount = useUpdateOwnAccount();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<AccountForm>({
    mode: 'onChange',
    defaultValues: { email: user?.email ?? '', old_password: '', new_password: '' },
  });

  async function save(values: AccountForm) {
    if (!user) return;
    setError(null);
    const { changingPassword, needsOldPassword } = ownAccountChange(user.email, values);
    try {
      await updateOwnAccount.mutateAsync({
        id: user.id,
        body: {
          email: values.email.trim(),
          ...(needsOldPassword ? { old_password: values.old_password } : {}),
          ...(changingPassword ? { new_password: values.new_password } : {}),
        },
      });
      toast.success(MESSAGES.dataUpdated);
      navigate(PATHS.strategyProfiles);
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  // Both passwords for a password change; the old one alone confirms a new email.
  const passwordRules = (field: 'old_password' | 'new_password') => (value: string) => {
    const other = getValues(field === 'old_password' ? 'new_password' : 'old_password');
    const { emailChanging } = ownAccountChange(user?.email ?? '', getValues());
    if (field === 'old_password') {
      if (!value) return other ? MESSAGES.bothPasswordsRequired : emailChanging ? OWN_MESSAGES.currentPasswordForEmail : true;
      return other || emailChanging ? true : MESSAGES.bothPasswordsRequired;
    }
    if (!value) return other && !emailChanging ? MESSAGES.bothPasswordsRequired : true;
    if (!other) return MESSAGES.bothPasswordsRequired;
    if (value === other) return MESSAGES.newPasswordSameAsOld;
    return ACCOUNT_PASSWORD_PATTERN.test(value) || OWN_MESSAGES.passwordRules;
  };

  return (
    <Box>
      <PageTitle>Account details</PageTitle>
      <Paper component="form" onSubmit={handleSubmit(save)} noValidate sx={{ p: { xs: 2, sm: 3 }, maxWidth: 480 }}>
        <TextField
          label="Email"
          fullWidth
          margin="normal"
          {...fieldErrorProps(formState.errors.email)}
          {...register('email', { validate: (v) => EMAIL_PATTERN.test(v.trim()) || MESSAGES.accountEmailInvalid, deps: ['old_password', 'new_password'] })}
        />
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          {...fieldErrorProps(formState.errors.old_password)}
          {...register('old_password', { validate: passwordRules('old_password'), deps: ['new_password'] })}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          {...fieldErrorProps(formState.errors.new_password)}
          {...register('new_password', { validate: passwordRules('new_password'), deps: ['old_password'] })}
        />
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
          Save
        </Button>
      </Paper>
      <AccountSessions />
      <Box sx={{ mt: 3 }}>
        <ApiTokensBlock />
      </Box>
      <Box sx={{ mt: 3 }}>
        <AlertChannelsBlock />
      </Box>
    </Box>
  );
}
