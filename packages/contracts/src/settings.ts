/** The shapes of the system settings calls (platform.md 3, 7), shared by the API and the SPA. */

export interface ExchangeAccount {
  id: number;
  title: string;
  api_key: string;
  leverage: number;
  broker_id: string | null;
  broker_program_is_active: boolean;
  broker_program_is_available: boolean;
}

/** POST and PUT body; `api_secret` is required on create, and on update empty keeps the stored one. */
export interface ExchangeAccountInput {
  title: string;
  api_key: string;
  leverage: number;
  broker_id?: string | null;
  api_secret?: string;
  broker_program_is_active?: boolean;
}

/** Bot tokens come back masked: '********' and their last 4 characters. Sending the mask keeps the stored token. */
export interface TgBotSettings {
  id: number | null;
  token: string;
  chat_id: string;
  investor_bot_token: string;
  investor_chat_id: string;
  investor_report_time: string;
}

export interface InvestorReportSettings {
  investor_bot_token: string;
  investor_chat_id: string;
}

export const SCHEDULE_TYPES = ['daily', 'weekly', 'monthly', 'custom'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

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

export interface TradingPair {
  id: number;
  ticker: string;
  is_active: boolean;
}

export interface PairsSyncResult {
  added: number;
  count: number;
  not_listed: number;
}
