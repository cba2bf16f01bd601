import { Alert, Button, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS, SETTINGS_MESSAGES as M, SETTINGS_UI_TEXTS, type TgBotSettings } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { saveTgBotSettings, settingsKeys, tgBotSettingsQuery } from '../api/settings-api';
import { requiredMax } from './rules';
import { SettingsBlock } from './SettingsBlock';

/** The alert bot's token and chat (platform.md 2.4, 4): created when both were empty, otherwise updated. */
export function TelegramSettingsBlock({ writable }: { writable: boolean }) {
  const client = useApiClient();
  const settings = useQuery(tgBotSettingsQuery(client));
  return (
    <SettingsBlock title="Telegram bot" loading={settings.isPending} error={settings.error}>
      {settings.data && <TelegramForm initial={settings.data} writable={writable} />}
    </SettingsBlock>
  );
}

function TelegramForm({ initial, writable }: { initial: TgBotSettings; writable: boolean }) {
  const client = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({ mode: 'onTouched', defaultValues: { token: initial.token, chat_id: initial.chat_id } });
  const create = !initial.token && !initial.chat_id;

  async function save(values: { token: string; chat_id: string }) {
    setError(null);
    try {
      const saved = await saveTgBotSettings(client, { token: values.token.trim(), chat_id: values.chat_id.trim() }, create);
      queryClient.setQueryData(settingsKeys.telegram, saved);
      reset({ token: saved.token, chat_id: saved.chat_id });
      toast.success(SETTINGS_UI_TEXTS.telegramSaved);
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  return (
    <Stack component="form" onSubmit={handleSubmit(save)} noValidate spacing={0.5} aria-label="Telegram bot settings">
      <TextField label="Bot token" size="small" fullWidth autoComplete="off" disabled={!writable} {...fieldErrorProps(formState.errors.token)}
        {...register('token', { validate: requiredMax(LIMITS.botTokenMax, M.botTokenBlank, M.botTokenTooLong) })} />
      <TextField label="Chat ID" size="small" fullWidth autoComplete="off" disabled={!writable} {...fieldErrorProps(formState.errors.chat_id)}
        {...register('chat_id', { validate: requiredMax(LIMITS.chatIdMax, M.chatIdBlank, M.chatIdTooLong) })} />
      {error && <Alert severity="error">{error}</Alert>}
      {writable && (
        <Button type="submit" variant="contained" size="small" sx={{ alignSelf: 'flex-start' }} disabled={!formState.isDirty || formState.isSubmitting}>
          Save
        </Button>
      )}
    </Stack>
  );
}
