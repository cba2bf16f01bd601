/**
 * Field messages of the Telegram and investor report forms. Quoted ones come from the contracts; the
 * spec gives no text for the token and chat ID rules, so these follow the quoted style.
 */
import { MESSAGES } from '@console/contracts';

// TODO(contracts): move to packages/contracts
export const SETTINGS_MESSAGES = {
  valuesNotChanged: MESSAGES.valuesNotChanged,
  reportHourRange: MESSAGES.reportHourRange,
  botTokenBlank: 'Bot token can’t be blank',
  botTokenTooLong: 'Bot token could be maximum 512 symbols',
  chatIdBlank: 'Chat ID can’t be blank',
  chatIdTooLong: 'Chat ID could be maximum 16 symbols',
  investorChatIdTooLong: 'Chat ID could be maximum 512 symbols',
  reportTimeInvalid: 'Enter the time as HH:MM:SS.',
  scheduleTypeInvalid: 'Schedule type must be one of daily, weekly, monthly, custom.',
  cronRequired: 'A cron expression is required for a custom schedule.',
  cronInvalid: 'Enter a valid cron expression of five fields (minute hour day month weekday).',
} as const;
