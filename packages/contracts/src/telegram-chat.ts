import { formatColumnValue } from './columns';
import type { AccountMetricField } from './positions';
import type { MonthsRow } from './stats';
import { MONTHS_COLUMNS } from './stats-columns';

/**
 * Operating from Telegram: a user links their own chat to their account with a one-time code, then the
 * bot answers that chat's commands within the user's privileges. Limits, commands and the bot's texts
 * are declared here once; the API (link routes, the worker's poller) and the SPA import them.
 */

export const TELEGRAM_CHAT_LIMITS = {
  /** A link code is valid this long after it is shown. */
  linkCodeTtlSeconds: 10 * 60,
  /** Characters of a link code (letters and digits Telegram passes in a `start` parameter). */
  linkCodeLength: 16,
  /** Commands a chat may send in one window; past that it is told to wait. */
  commandsPerWindow: 20,
  windowSeconds: 60,
  /** A confirmation button can be pressed this long after it is shown. */
  confirmationTtlSeconds: 5 * 60,
  /** `/signals [n]`: the default and the largest n. */
  signalsDefault: 5,
  signalsMax: 20,
  /** `/positions`: the most open positions one answer lists (the rest are counted). */
  positionsShown: 20,
  /** `/profit [days]` and `/daily [n]`: UTC days including today, their default and largest. */
  profitDaysDefault: 30,
  profitDaysMax: 366,
  dailyDefault: 7,
  dailyMax: 31,
  /** `/alerts`: the newest notifications shown. */
  alertsShown: 5,
  /** `/closeall`'s results: the most positions' lines one message lists (the rest are counted). */
  closeResultsShown: 20,
} as const;

/** Webhook mode: Telegram sends the secret given to setWebhook in this header with every update. */
export const TELEGRAM_WEBHOOK = {
  secretHeader: 'X-Telegram-Bot-Api-Secret-Token',
} as const;

/** `GET/POST/DELETE users/telegram-link/`: the signed-in user's own link. */
export interface TelegramLinkState {
  /** Whether a chat is linked to the user under the bot set now. */
  linked: boolean;
  linked_at: string | null;
  /** The code waiting to be sent to the bot (only right after POST). */
  code: string | null;
  /** `https://t.me/<bot>?start=<code>` when the bot's name is known, else null (send `/start <code>`). */
  link_url: string | null;
  expires_at: string | null;
}

/** The commands the bot answers; the acting ones ask for a confirmation first. */
export const TELEGRAM_COMMANDS = {
  status: { usage: '/status', help: 'bot on/off, open signals' },
  positions: { usage: '/positions', help: 'the open positions with their PnL' },
  profit: { usage: '/profit [days]', help: 'realised result of the last days (default 30)' },
  daily: { usage: '/daily [n]', help: 'realised result of each of the last n days (default 7)' },
  balance: { usage: '/balance', help: 'each exchange account’s NAV and balances' },
  signals: { usage: '/signals [n]', help: 'the newest n signals' },
  alerts: { usage: '/alerts', help: 'the newest notifications' },
  bot: { usage: '/bot on | /bot off', help: 'turn the bot on or off (asks to confirm)' },
  close: { usage: '/close <signal id>', help: 'close the signal’s position at market (asks to confirm)' },
  closeall: { usage: '/closeall', help: 'close every open position you may close at market (asks to confirm)' },
  stop: { usage: '/stop <profile id>', help: 'stop a strategy profile (asks to confirm)' },
  start: { usage: '/start <profile id>', help: 'start a strategy profile (asks to confirm)' },
  help: { usage: '/help', help: 'this list' },
} as const;
export type TelegramCommandName = keyof typeof TELEGRAM_COMMANDS;

/** The months table's columns a day's or a span's realised result shows (`/profit`, `/daily`, the daily report). */
export const DAY_FIGURE_FIELDS: readonly (keyof MonthsRow)[] = ['return_realized', 'qty_total', 'winrate', 'profit_factor'];

/** A day's or a span's figures as `Header: value`, with the months table's headers and formats. */
export function dayFiguresText(row: MonthsRow): string {
  return MONTHS_COLUMNS.columns
    .filter((c) => DAY_FIGURE_FIELDS.includes(c.field))
    .map((c) => `${c.header}: ${formatColumnValue(c.format, row[c.field], String)}`)
    .join(' · ');
}

/** The daily report notification (kind daily_report). */
export const DAILY_REPORT = {
  title: 'Daily report',
  text: (account: string, day: string, figures: string) => `${account}, ${day} (UTC): ${figures}`,
  noAccount: 'No exchange account yet.',
} as const;

/** `/balance`: the side list's figures (Position administration) each account shows. */
export const TELEGRAM_BALANCE_FIELDS = ['nav', 'asset_sum', 'balance_daily', 'return_day_percent'] as const satisfies readonly AccountMetricField[];

export const TELEGRAM_CHAT_MESSAGES = {
  /** POST users/telegram-link/ while System settings have no bot token. */
  botNotSetUp: 'The Telegram bot is not set up in System settings',
  /** The webhook's answer to a post without the right secret header, or while no bot is set. */
  webhookRefused: 'Not a Telegram update of this bot',
  updateInvalid: 'The body must be a Telegram update with an integer update_id',
  /** The only answer an unknown chat gets. */
  linkYourAccount: 'Link your account in the console (Account details → Telegram) to use this bot.',
  linked: (email: string) => `This chat is now linked to ${email}. Send /help for the commands.`,
  codeInvalid: 'This link code is not valid or has expired. Get a new one in the console (Account details → Telegram).',
  notAllowed: 'Not allowed: your group cannot see this.',
  unknownCommand: 'Unknown command. Send /help for the commands.',
  /** A command whose answer failed on the console's side (the error is in the worker's log). */
  commandFailed: (command: string) => `Sorry, ${command} could not be answered: an error on the console’s side (logged). Try again later.`,
  /** A confirmed action that failed on the console's side, in `failed`'s parentheses. */
  consoleError: 'an error on the console’s side, logged',
  tooMany: (seconds: number) => `Too many commands. Try again in ${seconds} s.`,
  usage: (usage: string) => `Usage: ${usage}`,
  confirm: (what: string) => `${what}?`,
  confirmButton: 'Confirm',
  cancelButton: 'Cancel',
  cancelled: 'Cancelled.',
  confirmationExpired: 'This confirmation has expired or was already used.',
  sentToEngine: (what: string) => `${what}: sent to the engine…`,
  done: (what: string) => `${what}: done.`,
  failed: (what: string, error: string) => `${what}: failed (${error}).`,
  unchanged: (what: string) => `${what}: already so, nothing to do.`,
  botOn: 'Turn the bot on',
  botOff: 'Turn the bot off',
  closeSignal: (id: number) => `Close signal ${id} at market`,
  noSignals: 'No signals.',
  noPositions: 'No open positions.',
  morePositions: (n: number) => `…and ${n} more.`,
  noAccount: 'No exchange account yet.',
  noNotifications: 'No notifications.',
  /** `/profit`: the account and the span the figures are of. */
  profitOf: (account: string, days: number) => `${account}, the last ${days} day${days === 1 ? '' : 's'} (UTC):`,
  dailyOf: (account: string) => `${account}, by UTC day:`,
  closeAll: (n: number) => `Close ${n} open position${n === 1 ? '' : 's'} at market`,
  nothingToClose: 'No open position you may close.',
  stopProfile: (id: number) => `Stop strategy profile ${id}`,
  startProfile: (id: number) => `Start strategy profile ${id}`,
  /** `/closeall` confirmed: one command per position; their results are edited in once all are answered. */
  sentManyToEngine: (what: string, n: number) => `${what}: ${n} command${n === 1 ? '' : 's'} sent to the engine.`,
  /** `/closeall` answered: the counts, then one line per position's close (`closeResult`). */
  manyResults: (what: string, done: number, failed: number) => `${what}: ${done} done, ${failed} failed.`,
  closeResult: (signalId: string, error: string | null) => `Signal ${signalId}: ${error === null ? 'done' : `failed (${error})`}`,
  /** A delivery to a user's Telegram chat that cannot go: no chat linked under the bot set now. */
  notLinked: 'No Telegram chat is linked to this account under the current bot; link it again in Account details.',
} as const;

/** The Telegram block of Account details. */
export const TELEGRAM_LINK_UI = {
  title: 'Telegram',
  linked: 'Your Telegram chat is linked: the bot answers your commands with your privileges.',
  notLinked: 'No Telegram chat is linked to your account.',
  link: 'Link a Telegram chat',
  newCode: 'New code',
  unlink: 'Unlink',
  sendCode: (code: string) => `Send /start ${code} to the bot, or open the link:`,
  validUntil: (time: string) => `Valid until ${time}.`,
  unlinked: 'Telegram chat unlinked',
} as const;
