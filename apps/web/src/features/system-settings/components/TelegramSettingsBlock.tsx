import { LIMITS, SETTINGS_MESSAGES as M, SETTINGS_UI_TEXTS } from '@console/contracts';
import { useTgBotSettings } from '../api/get-tg-bot-settings';
import { useSaveTgBotSettings, type TgBotSettingsInput } from '../api/save-tg-bot-settings';
import { BotSettingsForm, type BotField } from './BotSettingsForm';
import { SettingsBlock } from './SettingsBlock';

const FIELDS: BotField<TgBotSettingsInput>[] = [
  { name: 'token', label: 'Bot token', max: LIMITS.botTokenMax, blank: M.botTokenBlank, tooLong: M.botTokenTooLong },
  { name: 'chat_id', label: 'Chat ID', max: LIMITS.chatIdMax, blank: M.chatIdBlank, tooLong: M.chatIdTooLong },
];

/** The alert bot's token and chat: created when both were empty, otherwise updated. */
export function TelegramSettingsBlock({ writable }: { writable: boolean }) {
  const settings = useTgBotSettings();
  const saveSettings = useSaveTgBotSettings();
  const data = settings.data;

  const save = (values: TgBotSettingsInput) => saveSettings.mutateAsync({ body: values, create: !data?.token && !data?.chat_id });

  return (
    <SettingsBlock title="Telegram bot" loading={settings.isPending} error={settings.error}>
      {data && (
        <BotSettingsForm label="Telegram bot settings" fields={FIELDS} initial={{ token: data.token, chat_id: data.chat_id }} writable={writable}
          save={save} savedMessage={SETTINGS_UI_TEXTS.telegramSaved} unchanged="disable" />
      )}
    </SettingsBlock>
  );
}
