/**
 * Statistics and charts: strategy stats, stats by months and charts stats.
 * Quoted texts are the spec's; the rest are our own words.
 * Each figure is defined once in STATS_FIGURES (stats-figures.ts); docs/metrics.md explains them.
 */
import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';
import type { NamedRef } from './positions';
import { SECTION_FIELDS } from './sections';

export const STATS_UI = {
  strategyEmpty: 'There are no strategy stats yet...',
  accountEmpty: 'There are no account stats yet...',
  monthsTitle: 'Stats by months',
  monthsEmpty: 'There are no results yet...',
  pickDateRange: 'Pick Date Range',
  chartsEmpty: 'No statistics yet...',
  oneChart: '1 chart',
  twoCharts: '2 charts',
  clearFilters: 'Clear Filters',
  apply: 'Apply',
} as const;

export const STATS_MESSAGES = {
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  dateTimeInvalid: 'Enter a date and time as YYYY-MM-DDTHH:mm (UTC) or a date as YYYY-MM-DD.',
  rangeReversed: 'The start date must not be after the end date.',
  periodInvalid: 'Period is two dates or date-times joined by a comma, the first not after the second.',
  valueInvalid: 'Pick one of the offered values.',
  idsInvalid: 'Enter profile ids as whole numbers separated by commas.',
} as const;

/** Profile statistics rows: all-time figures of a strategy profile (docs/metrics.md); the fields a Limited group may open. */
export const PROFILE_STATS_FIELDS = SECTION_FIELDS.profiles_stats;

/**
 * `GET strategies/profiles-stats/`: the profile filters (created_at is the profile's
 * creation), and the sortable columns, each with the field a Limited group must see.
 */
export const PROFILE_STATS_LIST_QUERY = {
  filters: { profile_id__in: 'profile_id', status: 'status', created_at__lte: 'profile_id', created_at__gte: 'profile_id' },
  orderings: {
    profile_id: 'profile_id',
    profile_title: 'profile_title',
    direction: 'direction',
    status: 'status',
    total: 'total',
    total_percent: 'total_percent',
    total_i: 'total_i',
    w_percent: 'w_percent',
    qty_total: 'qty_total',
    qty_missed: 'qty_missed',
    avg_pnl_percent: 'avg_pnl_percent',
    most_loss_percent: 'most_loss_percent',
  },
} as const satisfies ListQueryAccess;

/** `profiles-stats/for-filters/?search=`: the profiles to pick in the filter. */
export const PROFILE_STATS_OPTIONS_QUERY = {
  filters: { search: 'profile_title' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** The fields an option of that lookup shows (a Limited group without `profile_title` gets ids only). */
export const PROFILE_STATS_OPTION_FIELDS = { title: 'profile_title' } as const satisfies AnswerFields;

/** `GET strategies/account-stats/`: account filters and the sortable columns (the section has no Limited level). */
export const ACCOUNT_STATS_LIST_QUERY = {
  filters: { account_id__in: 'account_id', created_at__lte: 'account_id', created_at__gte: 'account_id' },
  orderings: {
    account_id: 'account_id',
    account_title: 'account_title',
    total: 'total',
    total_percent: 'total_percent',
    total_i: 'total_i',
    w_percent: 'w_percent',
    qty_total: 'qty_total',
    nav: 'nav',
  },
} as const satisfies ListQueryAccess;

export const ACCOUNT_STATS_OPTIONS_QUERY = {
  filters: { search: 'account_title' },
  orderings: {},
} as const satisfies ListQueryAccess;

export const PROFILE_STATS_PAGE_SIZE = 20;
export const ACCOUNT_STATS_PAGE_SIZE = 20;

/** Months statistics: the period order (default newest first) and the two views. */
export const MONTHS_ORDERS = ['period', '-period'] as const;
export type MonthsOrder = (typeof MONTHS_ORDERS)[number];
export const MONTHS_DEFAULT_ORDER: MonthsOrder = '-period';
export const MONTHS_VIEWS = ['admin', 'client'] as const;
export type MonthsView = (typeof MONTHS_VIEWS)[number];

/**
 * One row of the months table (`statistics/statistics-admin/` and `-client/`): a month, or the total and
 * averages (no period). The client view leaves out the HWM, profit-factor, HWM return and signal split.
 */
export interface MonthsRow {
  /** The month's first day (YYYY-MM-DD); null in the total and average rows. */
  period: string | null;
  /** High-water mark at the end of the period (admin). */
  hwm?: number | null;
  /** Deposit at the end of the period. */
  deposit: number | null;
  profit_factor?: number | null;
  winrate: number | null;
  /** NAV at the end against the HWM before the period, USD (admin). */
  return_hwm?: number | null;
  return_hwm_percent?: number | null;
  /** The NAV return (Return month $ and %): NAV's change less the money moved in or out; null without metrics. */
  return_nav: number | null;
  return_nav_percent: number | null;
  /** Realised PnL, USD. */
  return_realized: number;
  return_realized_percent: number | null;
  reinvest_percent_realized: number | null;
  qty_total: number;
  qty_profit?: number;
  qty_loss?: number;
  qty_missed?: number;
  /** USD, whole dollars. */
  turn_over: number;
}

/** A month's return and that month (YYYY-MM-DD), both null without months. */
export interface DatedReturn {
  value: number | null;
  date: string | null;
}

/** The months summary: turnover (whole dollars), the best and worst months, positive share, ACGR, uptime. */
export interface MonthsSummary {
  turn_over_at_value: number;
  turn_over_month_value: number;
  turn_over_week_value: number;
  turn_over_day_value: number;
  /** Percent of months with a positive NAV return. */
  positive_months: number | null;
  best_month_return: DatedReturn;
  worst_month_return: DatedReturn;
  /** Average monthly capital growth rate from the months' NAV returns, percent. */
  avg_capital_growth_rate: number | null;
  system_is_running_days: number;
  system_start_date: string | null;
}

/** The months answer of one exchange account (none: no account yet). */
export interface MonthsStats {
  exchange_account: NamedRef | null;
  total: MonthsRow | null;
  month_average: MonthsRow | null;
  day_average: MonthsRow | null;
  by_month: MonthsRow[];
  summary: MonthsSummary;
}

/** `GET strategies/system-data/`: the summary over every month. */
export interface SystemData {
  exchange_account: NamedRef | null;
  summary: MonthsSummary;
}

/** Return colour scale thresholds (percent): below 0, 0–5, 5–8, 8–15, 15 and above. */
export const RETURN_COLOUR_THRESHOLDS = [0, 5, 8, 15] as const;

/** Uptime is told in 365-day years and 30-day months. */
export const UPTIME_YEAR_DAYS = 365;
export const UPTIME_MONTH_DAYS = 30;

/** Years, months and days of a number of whole days (365-day years, 30-day months). */
export function uptimeParts(days: number): { years: number; months: number; days: number } {
  const whole = Math.max(0, Math.floor(days));
  const years = Math.floor(whole / UPTIME_YEAR_DAYS);
  const rest = whole - years * UPTIME_YEAR_DAYS;
  const months = Math.floor(rest / UPTIME_MONTH_DAYS);
  return { years, months, days: rest - months * UPTIME_MONTH_DAYS };
}

/** Chart settings: the chart query and its defaults. */
export const CHART_DATA_TYPES = ['NAV', 'Equity', 'Imp.Loss', 'VAR'] as const;
export type ChartDataType = (typeof CHART_DATA_TYPES)[number];
export const CHART_TYPES = ['candles', 'line', 'column'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_TIMEFRAMES = ['1m', '1h', '1d', '1w', '1M'] as const;
export type ChartTimeframe = (typeof CHART_TIMEFRAMES)[number];
export const CHART_TIMEFRAME_LABELS: Record<ChartTimeframe, string> = { '1m': '1 minute', '1h': '1 hour', '1d': '1 day', '1w': '1 week', '1M': '1 month' };
export const CHART_TYPE_LABELS: Record<ChartType, string> = { candles: 'Candles', line: 'Line', column: 'Column' };
/** A series never carries more points than this: longer ranges are read in wider buckets. */
export const CHART_MAX_POINTS = 2000;
export const CHART_HEIGHT = 400;
export const CHART_DEFAULTS = { dataType: 'Equity' as ChartDataType, chartType: 'line' as ChartType, tf: '1d' as ChartTimeframe, monthsBack: 6, separated: false };
/** VAR is drawn as columns unless another type is picked. */
export const CHART_DEFAULT_TYPE_OF: Partial<Record<ChartDataType, ChartType>> = { VAR: 'column' };
/** The second chart starts as NAV candles when '2 charts' is picked. */
export const SECOND_CHART_DEFAULTS = { dataType: 'NAV' as ChartDataType, chartType: 'candles' as ChartType };
/** The iframe mode's switcher: VAR or EQUITY. */
export const IFRAME_DATA_TYPES = ['VAR', 'Equity'] as const;

/** A chart point: line and column answer `value`, candles answer OHLC. `date` is the bucket start (ISO). */
export interface ChartPoint {
  date: string;
  value?: number;
  open?: number;
  high?: number;
  low?: number;
  close?: number;
}

export interface ChartAnswer {
  data_type: ChartDataType;
  chart_type: ChartType;
  tf: ChartTimeframe;
  /** The width of one bucket actually used (seconds; a month counts 30 days): wider than tf when the range is long. */
  bucket_seconds: number;
  exchange_account: NamedRef | null;
  points: ChartPoint[];
}

/** The time frames of the account metrics rollup (account_metric_bars.tf); minutes are the raw rows. */
export const METRIC_BAR_TIMEFRAMES = ['1h', '1d', '1w', '1M'] as const;

/**
 * Chart axis dates: minute and hour frames with the time. A month is written with its whole year ('Sep 2026'):
 * 'Sep 26' reads as the 26th of September.
 */
export const CHART_DATE_FORMATS = { withTime: 'dd.MM.yy HH:mm', date: 'dd.MM.yy', month: 'MMM yyyy' } as const;

/** The months page's date presets; `to` is the first day of the last month shown. */
export const MONTHS_PRESETS = ['This Year', 'Last Year', 'Last 12 Months', 'Last 6 Months', 'Last 3 Months', 'All Time'] as const;
export type MonthsPreset = (typeof MONTHS_PRESETS)[number];

const iso = (d: Date) => d.toISOString().slice(0, 10);
const firstOf = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/**
 * A preset's range as date_from / date_to (YYYY-MM-DD), null for All Time. This Year: Jan 1 to the first
 * of the current month; Last Year: Jan 1 to Dec 1 of the year before; Last N Months: the N months up to
 * and including the current one.
 */
export function monthsPresetRange(preset: MonthsPreset, now: Date): { date_from: string; date_to: string } | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (preset) {
    case 'This Year':
      return { date_from: iso(firstOf(year, 0)), date_to: iso(firstOf(year, month)) };
    case 'Last Year':
      return { date_from: iso(firstOf(year - 1, 0)), date_to: iso(firstOf(year - 1, 11)) };
    case 'Last 12 Months':
      return { date_from: iso(firstOf(year, month - 11)), date_to: iso(firstOf(year, month)) };
    case 'Last 6 Months':
      return { date_from: iso(firstOf(year, month - 5)), date_to: iso(firstOf(year, month)) };
    case 'Last 3 Months':
      return { date_from: iso(firstOf(year, month - 2)), date_to: iso(firstOf(year, month)) };
    case 'All Time':
      return null;
  }
}

/** The return colour band of a percent: 0 below zero, then one band per threshold passed. */
export function returnBand(percent: number | null | undefined): number | null {
  if (percent === null || percent === undefined) return null;
  return RETURN_COLOUR_THRESHOLDS.filter((t) => percent >= t).length;
}
