import { Box, Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { formatAccountTitle, MM_PROFILE_MESSAGES as M, MM_PROFILE_TITLE_MAX, PATHS } from '@console/contracts';
import { profileIdOf } from '../../../routes/paths';
import { FullScreenLoader } from '../../../ui/FullScreenLoader';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { PageTitle } from '../../../ui/PageTitle';
import { useExchangeAccountOptions } from '../api/get-exchange-account-options';
import { MmCreatedDialog } from '../components/MmCreatedDialog';
import { EMPTY_MM_FORM, useMmProfileForm } from '../components/use-mm-profile-form';

const required = (message: string) => ({ validate: (value: string) => value.trim() !== '' || message });

/** MM profile add/update page: only an inactive profile is edited. */
export function MmProfileFormPage() {
  const { profileRef } = useParams();
  const rawId = profileIdOf(profileRef);
  const id = rawId === null ? null : Number(rawId);
  const navigate = useNavigate();
  const accounts = useExchangeAccountOptions();
  const { existing, form, submit, created, setCreated } = useMmProfileForm(id);
  const { register, reset, formState } = form;

  if (id !== null && !existing.data) return <FullScreenLoader />;

  return (
    <>
      <PageTitle>{id === null ? 'New MM profile' : 'Edit MM profile'}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack spacing={1}>
            <TextField
              label="MM Profile name"
              {...register('title', { ...required(M.titleBlank), maxLength: { value: MM_PROFILE_TITLE_MAX, message: M.titleTooLong } })}
              {...fieldErrorProps(formState.errors.title)}
            />
            <TextField label="All signals quota" inputMode="decimal" {...register('all_signals_quota', required(M.allSignalsQuotaBlank))} {...fieldErrorProps(formState.errors.all_signals_quota)} />
            <TextField label="Max signals" inputMode="numeric" {...register('max_signals_amount', required(M.maxSignalsBlank))} {...fieldErrorProps(formState.errors.max_signals_amount)} />
            <TextField label="Max factor" inputMode="decimal" {...register('max_factor_amount', required(M.maxFactorBlank))} {...fieldErrorProps(formState.errors.max_factor_amount)} />
            <TextField
              select
              label="Exchange account"
              defaultValue=""
              {...register('exchange_account', required(M.exchangeAccountBlank))}
              {...fieldErrorProps(formState.errors.exchange_account)}
            >
              {(accounts.data?.results ?? []).map((account) => (
                <MenuItem key={account.id} value={String(account.id)}>
                  {formatAccountTitle(account.title)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
            <Button onClick={() => navigate(PATHS.mmProfiles)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Save
            </Button>
          </Box>
        </form>
      </Paper>
      {created && (
        <MmCreatedDialog
          onStay={() => {
            reset(EMPTY_MM_FORM);
            setCreated(false);
          }}
          onBack={() => navigate(PATHS.mmProfiles)}
        />
      )}
    </>
  );
}
