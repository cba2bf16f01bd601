/** The shapes of the system settings calls, shared by the API and the SPA. */
import { LIMITS } from './limits';
import { defineResource } from './resource';
import type { AccountMode } from './exchange-trading';

/**
 * Where a paper account's prices come from: `model`, the seeded random walk (the demo's default, no
 * network); `store`, the 1-minute candles stored for the account's exchange (imported or downloaded);
 * `live`, the exchange's closing minutes polled into the store as they arrive, then read from it.
 */
export const EXCHANGE_MARKETS = ['model', 'store', 'live'] as const;
export type ExchangeMarket = (typeof EXCHANGE_MARKETS)[number];
export const DEFAULT_EXCHANGE_MARKET: ExchangeMarket = 'model';
export const DEFAULT_EXCHANGE_ID = 'binance';
export const EXCHANGE_MARKET_LABELS: Record<ExchangeMarket, string> = {
  model: 'Model (simulated prices)',
  store: 'Stored candles',
  live: 'Live candles from the exchange',
};

/** An exchange account as `GET strategies/exchange-accounts/` answers it (never its secret). */
export interface ExchangeAccount {
  id: number;
  title: string;
  api_key: string;
  leverage: number;
  broker_id: string | null;
  broker_program_is_active: boolean;
  /** Set by the exchange side; read-only here. */
  broker_program_is_available: boolean;
  /** The exchange's ccxt id (`binance`): whose candles a `store` or `live` market reads. */
  exchange: string;
  market: ExchangeMarket;
  /** paper, demo or live (contracts' ACCOUNT_MODES). */
  mode: AccountMode;
  /** Another host for the exchange's API (testnet, regional host, proxy); null: ccxt's own. */
  api_url: string | null;
}

/**
 * The exchange accounts, oldest first. The settings block lists them as cards (title, leverage, key,
 * broker program), not as a table: no columns. No Limited level.
 */
export const EXCHANGE_ACCOUNT_RESOURCE = defineResource<ExchangeAccount>()({
  name: 'exchange-accounts',
  section: 'exchange_account',
  query: { filters: {}, orderings: {} },
  columns: [],
});

/**
 * The broker program indicator and its tooltips. The spec's 'activated/not activated'
 * and 'available/not available' are read as one sentence per state.
 */
export const BROKER_PROGRAM_TEXTS = {
  active: 'Active',
  notActive: 'Not Active',
  activated: 'Broker program is activated',
  notActivated: 'Broker program is not activated',
  available: 'Broker program is available',
  notAvailable: 'Broker program is not available',
} as const;

/** POST and PUT body; `api_secret` is required on create, and on update empty keeps the stored one. */
export interface ExchangeAccountInput {
  title: string;
  api_key: string;
  leverage: number;
  broker_id?: string | null;
  api_secret?: string;
  broker_program_is_active?: boolean;
  /** Absent: `binance` on create, unchanged on update. */
  exchange?: string;
  /** Absent: `model` on create, unchanged on update. */
  market?: ExchangeMarket;
  /** paper or demo (live only through its switch; kept when the account is live). Absent: paper on create, unchanged on update. */
  mode?: AccountMode;
  /** Empty or null: ccxt's own host. Absent: unchanged on update. */
  api_url?: string | null;
}

/**
 * `GET`/`POST`/`PUT notifications/tg-bot-settings/`. Bot tokens come back masked: '********' and their
 * last 4 characters. Sending the mask keeps the stored token.
 */
export interface TgBotSettings {
  id: number | null;
  token: string;
  chat_id: string;
  investor_bot_token: string;
  investor_chat_id: string;
  investor_report_time: string;
}

/** `GET`/`PUT notifications/investor-reports-settings/`; the token comes back masked as above. */
export interface InvestorReportSettings {
  investor_bot_token: string;
  investor_chat_id: string;
}

export const SCHEDULE_TYPES = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** An entry of `notifications/investor-reports-scheduler/`. */
export interface InvestorReportSchedule {
  id: number;
  schedule_type: ScheduleType;
  /** UTC, HH:MM:SS; the hour is at most LIMITS.investorReportHourMax. */
  investor_report_time: string;
  /** The same moment as the person entered it in their own zone, kept for display. */
  local_investor_report_time: string;
  /** The cron pattern that runs (UTC). */
  schedule_crontab: string;
}

export interface InvestorReportScheduleInput {
  schedule_type: ScheduleType;
  investor_report_time?: string;
  local_investor_report_time?: string;
  schedule_crontab?: string | null;
}

/** A trading pair as `GET strategies/pairs/` answers it, and its switch on or off. */
export interface TradingPair {
  id: number;
  ticker: string;
  is_active: boolean;
}

/** An option of `strategies/pairs/for-filters/` (`?is_for_active=true`: switched-on pairs only). */
export type PairOption = Pick<TradingPair, 'id' | 'ticker'>;

/**
 * The trading pairs by ticker. The settings block lists them with a toggle each, not as a table: no
 * columns. No Limited level.
 */
export const PAIR_RESOURCE = defineResource<TradingPair>()({
  name: 'pairs',
  section: 'pairs',
  query: { filters: {}, orderings: {} },
  columns: [],
});

/** `POST strategies/pairs/` (the sync): what it added, and the totals after it. */
export interface PairsSyncResult {
  /** Tickers added by this sync (inactive). */
  added: number;
  /** Pairs stored after the sync. */
  count: number;
  /** Stored pairs the exchange no longer lists (kept, never deleted). */
  not_listed: number;
}

/**
 * The spec's window for investor reports ('Allowed time is from 00:00 until 6:00'), UTC: 06:00:00 is
 * the latest run. A cron entry passes when every run it makes in a day does: all its hours before 6,
 * or hour 6 only at minute 0 and second 0.
 */
export function isReportTimeAllowed(hour: number, minute: number, second = 0): boolean {
  return hour * 3600 + minute * 60 + second <= LIMITS.investorReportHourMax * 3600;
}

export function areReportRunsAllowed(hours: readonly number[], minutes: readonly number[], seconds: readonly number[] = [0]): boolean {
  return hours.every((h) => minutes.every((m) => seconds.every((s) => isReportTimeAllowed(h, m, s))));
}
