/** Messages of the settings forms. Quoted ones come from MESSAGES; the rest follow their style where the spec gives no text. */
import { MESSAGES } from './messages';
import { EXCHANGE_MARKETS } from './settings';

export const EXCHANGE_ACCOUNT_MESSAGES = {
  nameBlank: MESSAGES.nameBlank,
  nameTooLong: MESSAGES.nameTooLong,
  leverageRange: MESSAGES.leverageRange,
  leverageDecimals: 'Leverage could have at most 2 decimal places',
  apiKeyBlank: 'API key can’t be blank',
  apiKeyTooLong: 'API key could be maximum 64 symbols',
  apiSecretBlank: 'Secret key can’t be blank',
  apiSecretTooLong: 'Secret key could be maximum 64 symbols',
  brokerIdTooLong: 'Broker Id could be maximum 64 symbols',
  brokerProgramNotAvailable: 'The broker program is not available for this account.',
  usedByMmProfiles: 'This account is used by MM profiles. Move them to another account first.',
  exchangeInvalid: 'The exchange is a lower-case ccxt id such as binance.',
  marketInvalid: `The market is one of ${EXCHANGE_MARKETS.join(', ')}.`,
} as const;

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

export const PAIR_MESSAGES = {
  tickerReadOnly: 'The ticker of a pair cannot be changed.',
  isActiveRequired: 'This field is required',
  /** A sync that could not read an exchange's markets: nothing was added. */
  catalogUnavailable: (exchange: string, reason: string) => `The markets of ${exchange} could not be read (nothing was added): ${reason}`,
} as const;


/** What the system settings page says when an action succeeds or asks to be confirmed (our own words). */
export const SETTINGS_UI_TEXTS = {
  accountCreated: 'Exchange account added.',
  accountUpdated: 'Exchange account saved.',
  accountDeleted: 'Exchange account deleted.',
  confirmAccountDelete: (title: string) => `Delete the exchange account “${title}”? This cannot be undone.`,
  secretKeptOnEdit: 'Leave empty to keep the current secret key',
  telegramSaved: 'Telegram settings saved.',
  investorSaved: 'Investor report settings saved.',
  scheduleAdded: 'Report schedule added.',
  scheduleDeleted: 'Report schedule deleted.',
  noSchedules: 'No report schedules yet',
  pairsSynced: (added: number) => (added ? `Sync finished: ${added} new ${added === 1 ? 'pair' : 'pairs'} added (inactive).` : 'Sync finished: the list is up to date.'),
  noPairsMatch: 'No pairs match the search',
} as const;
