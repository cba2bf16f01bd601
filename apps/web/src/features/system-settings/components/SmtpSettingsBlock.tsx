import { Alert, Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SMTP_UI as UI, type SmtpSettings } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSmtpSettings } from '../api/get-smtp-settings';
import { useSaveSmtpSettings } from '../api/save-smtp-settings';
import { SettingsBlock } from './SettingsBlock';

/** The SMTP server users' alert emails go through; the API checks every field and answers the password masked. */
export function SmtpSettingsBlock({ writable }: { writable: boolean }) {
  const settings = useSmtpSettings();
  return (
    <SettingsBlock title={UI.title} loading={settings.isPending} error={settings.error}>
      {settings.data && <SmtpSettingsForm initial={settings.data} writable={writable} />}
    </SettingsBlock>
  );
}

function SmtpSettingsForm({ initial, writable }: { initial: SmtpSettings; writable: boolean }) {
  const save = useSaveSmtpSettings();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<SmtpSettings>({ defaultValues: initial });
  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      reset(await save.mutateAsync({ ...values, port: Number(values.port) }));
      toast.success(UI.saved);
    } catch (e) {
      setError(normaliseError(e));
    }
  });
  const readOnly = { htmlInput: { readOnly: !writable } };
  return (
    <Stack component="form" noValidate spacing={1.5} aria-label={UI.title} onSubmit={(e) => void submit(e)}>
      <TextField size="small" label={UI.host} slotProps={readOnly} {...register('host')} />
      <TextField size="small" label={UI.port} type="number" slotProps={readOnly} {...register('port', { valueAsNumber: true })} />
      <FormControlLabel control={<Checkbox disabled={!writable} defaultChecked={initial.secure} {...register('secure')} />} label={UI.secure} />
      <TextField size="small" label={UI.username} slotProps={readOnly} {...register('username')} />
      <TextField size="small" label={UI.password} type="password" slotProps={readOnly} {...register('password')} />
      <TextField size="small" label={UI.fromAddress} type="email" slotProps={readOnly} {...register('from_address')} />
      {error && <Alert severity="error">{error}</Alert>}
      {writable && (
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }} disabled={!formState.isDirty || formState.isSubmitting}>
          {UI.save}
        </Button>
      )}
    </Stack>
  );
}
