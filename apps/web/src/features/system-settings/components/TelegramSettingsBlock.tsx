import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, SETTINGS_MESSAGES as M, SETTINGS_UI_TEXTS } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { saveTgBotSettings, settingsKeys, tgBotSettingsQuery } from '../api/settings-api';
import { BotSettingsForm, type BotField } from './BotSettingsForm';
import { SettingsBlock } from './SettingsBlock';

type AlertBot = { token: string; chat_id: string };

const FIELDS: BotField<AlertBot>[] = [
  { name: 'token', label: 'Bot token', max: LIMITS.botTokenMax, blank: M.botTokenBlank, tooLong: M.botTokenTooLong },
  { name: 'chat_id', label: 'Chat ID', max: LIMITS.chatIdMax, blank: M.chatIdBlank, tooLong: M.chatIdTooLong },
];

/** The alert bot's token and chat (platform.md 2.4, 4): created when both were empty, otherwise updated. */
export function TelegramSettingsBlock({ writable }: { writable: boolean }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const settings = useQuery(tgBotSettingsQuery(client));
  const data = settings.data;

  async function save(values: AlertBot) {
    const saved = await saveTgBotSettings(client, values, !data?.token && !data?.chat_id);
    queryClient.setQueryData(settingsKeys.telegram, saved);
    return saved;
  }

  return (
    <SettingsBlock title="Telegram bot" loading={settings.isPending} error={settings.error}>
      {data && (
        <BotSettingsForm label="Telegram bot settings" fields={FIELDS} initial={{ token: data.token, chat_id: data.chat_id }} writable={writable}
          save={save} savedMessage={SETTINGS_UI_TEXTS.telegramSaved} unchanged="disable" />
      )}
    </SettingsBlock>
  );
}
