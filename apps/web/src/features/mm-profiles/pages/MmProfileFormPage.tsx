import { Box, Button, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { formatAccountTitle, MM_PROFILE_FORM_FIELDS, MM_PROFILE_MESSAGES as M, MM_PROFILE_TITLE_MAX, MM_PROFILE_UI, PATHS } from '@console/contracts';
import { HttpError, normaliseError } from '../../../api/errors';
import { profileIdOf } from '../../../routes/paths';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { FullScreenLoader } from '../../../ui/FullScreenLoader';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { PageTitle } from '../../../ui/PageTitle';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useExchangeAccountOptions } from '../api/get-exchange-account-options';
import { useMmProfile } from '../api/get-mm-profile';
import { useSaveMmProfile, type MmProfileForm } from '../api/save-mm-profile';

type FormValues = Record<keyof MmProfileForm, string>;
const FIELDS: readonly (keyof MmProfileForm)[] = MM_PROFILE_FORM_FIELDS;
const EMPTY: FormValues = { title: '', max_signals_amount: '', max_factor_amount: '', all_signals_quota: '', exchange_account: '' };

const required = (message: string) => ({ validate: (value: string) => value.trim() !== '' || message });

/** MM profile add/update page: only an inactive profile is edited. */
export function MmProfileFormPage() {
  const { profileRef } = useParams();
  const rawId = profileIdOf(profileRef);
  const id = rawId === null ? null : Number(rawId);
  const navigate = useNavigate();
  const toast = useToast();
  const existing = useMmProfile(id);
  const accounts = useExchangeAccountOptions();
  const save = useSaveMmProfile(id);
  const [created, setCreated] = useState(false);
  const dialogTitleId = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<FormValues>({ defaultValues: EMPTY });

  // A profile that failed to load, or is not inactive, cannot be edited here: back to the list.
  useEffect(() => {
    if (id === null) return;
    if (existing.error) {
      toast.error(normaliseError(existing.error));
      navigate(PATHS.mmProfiles, { replace: true });
    } else if (existing.data && existing.data.status !== 'inactive') {
      navigate(PATHS.mmProfiles, { replace: true });
    } else if (existing.data) {
      const p = existing.data;
      reset({
        title: p.title ?? '',
        max_signals_amount: String(p.max_signals_amount ?? ''),
        max_factor_amount: String(p.max_factor_amount ?? ''),
        all_signals_quota: String(p.all_signals_quota ?? ''),
        exchange_account: String(p.exchange_account?.id ?? ''),
      });
    }
  }, [id, existing.error, existing.data, navigate, reset, toast]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        title: values.title.trim(),
        max_signals_amount: Number(values.max_signals_amount),
        max_factor_amount: Number(values.max_factor_amount),
        all_signals_quota: Number(values.all_signals_quota),
        exchange_account: Number(values.exchange_account),
      });
      if (id === null) setCreated(true);
      else navigate(PATHS.mmProfiles);
    } catch (e) {
      // Field messages go under their fields; anything else is a toast.
      const body = e instanceof HttpError && e.status === 400 && e.body && typeof e.body === 'object' ? (e.body as Record<string, unknown>) : null;
      const fieldErrors = body ? FIELDS.filter((field) => field in body) : [];
      for (const field of fieldErrors) setError(field, { message: normaliseError(new HttpError(400, body![field])) });
      if (fieldErrors.length === 0) toast.error(normaliseError(e));
    }
  });

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
        <ResponsiveDialog open aria-labelledby={dialogTitleId} maxWidth="xs" fullWidth>
          <DialogTitle id={dialogTitleId}>MM profile created</DialogTitle>
          <DialogContent>
            <DialogContentText>The MM profile is saved, inactive.</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button
              onClick={() => {
                reset(EMPTY);
                setCreated(false);
              }}
            >
              {MM_PROFILE_UI.stayOnPage}
            </Button>
            <Button variant="contained" onClick={() => navigate(PATHS.mmProfiles)}>
              {MM_PROFILE_UI.backToProfiles}
            </Button>
          </DialogActions>
        </ResponsiveDialog>
      )}
    </>
  );
}
