/** The profile and account statistics lists: rows, columns (for their tables and xlsx exports) and queries. */
import { FORMATS, type ColumnFormat } from './columns';
import { defineResource } from './resource';
import { ACCOUNT_STATS_LIST_QUERY, PROFILE_STATS_LIST_QUERY } from './stats';
import { TRADING_DECIMALS, type Direction, type StrategyProfileStatus } from './trading';

/** The signal figures of a profile or account statistics row (docs/metrics.md); at Limited only the group's fields. */
export interface SignalFigures {
  total_profit?: number;
  total_loss?: number;
  total?: number;
  total_percent?: number;
  total_i?: number | null;
  avg_pnl_percent?: number | null;
  avg_loss_percent?: number | null;
  most_loss_percent?: number | null;
  avg_profit_percent?: number | null;
  avg_i?: number | null;
  qty_loss?: number;
  qty_profit?: number;
  qty_total?: number;
  w_percent?: number | null;
  avg_time_per_signal?: number | null;
  most_longest_duration?: number;
  most_imp_loss?: number | null;
  qty_missed?: number;
  max_drawdown?: number;
  rf?: number | null;
  sharpe?: number | null;
  stdev?: number | null;
  turnover?: number;
}

/** `GET strategies/profiles-stats/` row. */
export interface ProfileStatsRow extends SignalFigures {
  id: number;
  profile_id?: number;
  profile_title?: string;
  direction?: Direction;
  status?: StrategyProfileStatus;
  most_mm_imp_loss?: number | null;
}

/** `GET strategies/account-stats/` row. */
export interface AccountStatsRow extends SignalFigures {
  id: number;
  account_id?: number;
  account_title?: string;
  qty_profiles?: number;
  nav?: number | null;
  deposit?: number | null;
  return_percent?: number | null;
}

/** The statistics screens' tabs: the results (counts, sums, averages) and the risk figures. */
export const STATS_TABS = ['Results', 'Risk'] as const;
export type StatsTab = (typeof STATS_TABS)[number];

const MONEY = FORMATS.money(2);
const PERCENT = FORMATS.percent(TRADING_DECIMALS.percent);
const RATIO = FORMATS.number(2);
const HOURS = FORMATS.number(TRADING_DECIMALS.avgTimePerSignal);

interface Figure {
  field: keyof SignalFigures;
  header: string;
  format: ColumnFormat;
  tab: StatsTab;
}

/** The figures both lists show, in the tables' order; a profile's Limited group may see the Results ones. */
const RESULT_FIGURES = [
  { field: 'qty_total', header: 'Q-sign', format: FORMATS.integer, tab: 'Results' },
  { field: 'qty_profit', header: 'P-sign', format: FORMATS.integer, tab: 'Results' },
  { field: 'qty_loss', header: 'L-sign', format: FORMATS.integer, tab: 'Results' },
  { field: 'w_percent', header: 'W%', format: PERCENT, tab: 'Results' },
  { field: 'total_profit', header: 'P-summ', format: MONEY, tab: 'Results' },
  { field: 'total_loss', header: 'L-summ', format: MONEY, tab: 'Results' },
  { field: 'total', header: 'Res-$', format: MONEY, tab: 'Results' },
  { field: 'total_percent', header: 'Res-%', format: PERCENT, tab: 'Results' },
  { field: 'total_i', header: 'PF', format: RATIO, tab: 'Results' },
  { field: 'avg_pnl_percent', header: 'Avg %', format: PERCENT, tab: 'Results' },
  { field: 'avg_profit_percent', header: 'Avg P-%', format: PERCENT, tab: 'Results' },
  { field: 'avg_loss_percent', header: 'Avg L-%', format: PERCENT, tab: 'Results' },
  { field: 'avg_i', header: 'Avg I', format: RATIO, tab: 'Results' },
  { field: 'most_loss_percent', header: 'Max L-%', format: PERCENT, tab: 'Results' },
  { field: 'avg_time_per_signal', header: 'Avg time, h', format: HOURS, tab: 'Results' },
  { field: 'most_longest_duration', header: 'Longest, h', format: HOURS, tab: 'Results' },
  { field: 'most_imp_loss', header: 'Max imp. loss', format: FORMATS.money(TRADING_DECIMALS.impLoss), tab: 'Results' },
  { field: 'qty_missed', header: 'Missed', format: FORMATS.integer, tab: 'Results' },
] as const satisfies readonly Figure[];

/** Risk and spread of the results: no Limited group sees them. */
const RISK_FIGURES = [
  { field: 'max_drawdown', header: 'Max drawdown', format: MONEY, tab: 'Risk' },
  { field: 'rf', header: 'RF', format: RATIO, tab: 'Risk' },
  { field: 'sharpe', header: 'Sharpe', format: RATIO, tab: 'Risk' },
  { field: 'stdev', header: 'Stdev', format: RATIO, tab: 'Risk' },
  { field: 'turnover', header: 'Turnover', format: FORMATS.money(TRADING_DECIMALS.turnover), tab: 'Risk' },
] as const satisfies readonly Figure[];

const figures = <L extends boolean>(list: readonly Figure[], limited: L) => list.map((f) => ({ ...f, limited }));

export const PROFILE_STATS_RESOURCE = defineResource<ProfileStatsRow>()({
  name: 'profiles-stats',
  section: 'profiles_stats',
  query: PROFILE_STATS_LIST_QUERY,
  columns: [
    { field: 'profile_id', header: 'Profile ID', format: FORMATS.integer, limited: true },
    { field: 'profile_title', header: 'Profile', format: FORMATS.text, limited: true },
    { field: 'direction', header: 'Dir', format: FORMATS.text, limited: true },
    { field: 'status', header: 'Status', format: FORMATS.text, limited: true },
    ...(figures(RESULT_FIGURES, true) as { field: (typeof RESULT_FIGURES)[number]['field']; header: string; format: ColumnFormat; tab: StatsTab; limited: true }[]),
    { field: 'most_mm_imp_loss', header: 'Max MM imp. loss', format: PERCENT, limited: true, tab: 'Results' },
    ...(figures(RISK_FIGURES, false) as { field: (typeof RISK_FIGURES)[number]['field']; header: string; format: ColumnFormat; tab: StatsTab; limited: false }[]),
  ],
});

/** Account statistics have no Limited level: no column is `limited`. */
export const ACCOUNT_STATS_RESOURCE = defineResource<AccountStatsRow>()({
  name: 'account-stats',
  section: 'account_stats',
  query: ACCOUNT_STATS_LIST_QUERY,
  columns: [
    { field: 'account_id', header: 'Account ID', format: FORMATS.integer, limited: false },
    { field: 'account_title', header: 'Account', format: FORMATS.text, limited: false },
    { field: 'qty_profiles', header: 'Profiles', format: FORMATS.integer, limited: false },
    { field: 'nav', header: 'NAV', format: MONEY, limited: false },
    { field: 'deposit', header: 'Deposit', format: MONEY, limited: false },
    { field: 'return_percent', header: 'Return %', format: PERCENT, limited: false },
    ...(figures([...RESULT_FIGURES, ...RISK_FIGURES], false) as { field: keyof SignalFigures; header: string; format: ColumnFormat; tab: StatsTab; limited: false }[]),
  ],
});
