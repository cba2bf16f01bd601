/** The profile and account statistics lists and the months table: rows, columns (for their tables and xlsx exports) and queries. */
import { defineColumns, FORMATS, type ColumnFormat } from './columns';
import { defineResource } from './resource';
import { ACCOUNT_STATS_LIST_QUERY, PROFILE_STATS_LIST_QUERY, type MonthsRow, type MonthsView } from './stats';
import { figureHint, STATS_FIGURES, type StatsFigureId } from './stats-figures';
import { TRADING_DECIMALS, type Direction, type StrategyProfileStatus } from './trading';

/** The signal figures of a profile or account statistics row (STATS_FIGURES defines each); at Limited only the group's fields. */
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
  hint: string;
  format: ColumnFormat;
  tab: StatsTab;
}

/** A column's header and its tooltip, from the figure's one definition. */
const named = (id: StatsFigureId) => ({ header: STATS_FIGURES[id].name, hint: figureHint(STATS_FIGURES[id]) });
const figure = <F extends keyof SignalFigures & StatsFigureId>(field: F, format: ColumnFormat, tab: StatsTab) => ({ field, ...named(field), format, tab });

/** The figures both lists show, in the tables' order; a profile's Limited group may see the Results ones. */
const RESULT_FIGURES = [
  figure('qty_total', FORMATS.integer, 'Results'),
  figure('qty_profit', FORMATS.integer, 'Results'),
  figure('qty_loss', FORMATS.integer, 'Results'),
  figure('w_percent', PERCENT, 'Results'),
  figure('total_profit', MONEY, 'Results'),
  figure('total_loss', MONEY, 'Results'),
  figure('total', MONEY, 'Results'),
  figure('total_percent', PERCENT, 'Results'),
  figure('total_i', RATIO, 'Results'),
  figure('avg_pnl_percent', PERCENT, 'Results'),
  figure('avg_profit_percent', PERCENT, 'Results'),
  figure('avg_loss_percent', PERCENT, 'Results'),
  figure('avg_i', RATIO, 'Results'),
  figure('most_loss_percent', PERCENT, 'Results'),
  figure('avg_time_per_signal', HOURS, 'Results'),
  figure('most_longest_duration', HOURS, 'Results'),
  figure('most_imp_loss', FORMATS.money(TRADING_DECIMALS.impLoss), 'Results'),
  figure('qty_missed', FORMATS.integer, 'Results'),
] as const satisfies readonly Figure[];

/** Risk and spread of the results: no Limited group sees them. */
const RISK_FIGURES = [
  figure('max_drawdown', MONEY, 'Risk'),
  figure('rf', RATIO, 'Risk'),
  figure('sharpe', RATIO, 'Risk'),
  figure('stdev', RATIO, 'Risk'),
  figure('turnover', FORMATS.money(TRADING_DECIMALS.turnover), 'Risk'),
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
    ...(figures(RESULT_FIGURES, true) as { field: (typeof RESULT_FIGURES)[number]['field']; header: string; hint: string; format: ColumnFormat; tab: StatsTab; limited: true }[]),
    { field: 'most_mm_imp_loss', ...named('most_mm_imp_loss'), format: PERCENT, limited: true, tab: 'Results' },
    ...(figures(RISK_FIGURES, false) as { field: (typeof RISK_FIGURES)[number]['field']; header: string; hint: string; format: ColumnFormat; tab: StatsTab; limited: false }[]),
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
    { field: 'qty_profiles', ...named('qty_profiles'), format: FORMATS.integer, limited: false },
    { field: 'nav', ...named('nav'), format: MONEY, limited: false },
    // The newest minute's Deposit AT and Return AT %: the same figures as the position administration card.
    { field: 'deposit', ...named('deposit_at'), format: MONEY, limited: false },
    { field: 'return_percent', ...named('return_at_percent'), format: PERCENT, limited: false },
    ...(figures([...RESULT_FIGURES, ...RISK_FIGURES], false) as { field: keyof SignalFigures; header: string; hint: string; format: ColumnFormat; tab: StatsTab; limited: false }[]),
  ],
});

/**
 * The months table's columns after its Period: the NAV figures first (the month's HWM, its returns by HWM
 * and by NAV), then the closed trades'. Each header and tooltip is its figure's; amounts, percents and
 * turnover as the other statistics tables write them. Counts keep their averages' decimals (the average
 * rows divide them). The section has no Limited level.
 */
export const MONTHS_COLUMNS = defineColumns<MonthsRow>()('stats_by_months', [
  { field: 'hwm', ...named('hwm'), format: MONEY, limited: false },
  { field: 'deposit', ...named('deposit'), format: MONEY, limited: false },
  { field: 'return_hwm', ...named('return_hwm'), format: MONEY, limited: false },
  { field: 'return_hwm_percent', ...named('return_hwm_percent'), format: PERCENT, limited: false },
  { field: 'return_nav', ...named('return_month_usd'), format: MONEY, limited: false },
  { field: 'return_nav_percent', ...named('return_month_percent'), format: PERCENT, limited: false },
  { field: 'return_realized', ...named('total'), format: MONEY, limited: false },
  { field: 'return_realized_percent', ...named('return_realized_percent'), format: PERCENT, limited: false },
  { field: 'reinvest_percent_realized', ...named('reinvest_percent_realized'), format: PERCENT, limited: false },
  { field: 'profit_factor', ...named('total_i'), format: FORMATS.count, limited: false },
  { field: 'winrate', ...named('w_percent'), format: PERCENT, limited: false },
  { field: 'qty_total', ...named('qty_total'), format: FORMATS.count, limited: false },
  { field: 'qty_profit', ...named('qty_profit'), format: FORMATS.count, limited: false },
  { field: 'qty_loss', ...named('qty_loss'), format: FORMATS.count, limited: false },
  { field: 'qty_missed', ...named('qty_missed'), format: FORMATS.count, limited: false },
  { field: 'turn_over', ...named('turnover'), format: FORMATS.money(TRADING_DECIMALS.turnover), limited: false },
]);

/** What the client view leaves out: the HWM, profit factor, HWM return and signal split (its rows lack them). */
const MONTHS_ADMIN_FIELDS: ReadonlySet<keyof MonthsRow> = new Set(['hwm', 'return_hwm', 'return_hwm_percent', 'profit_factor', 'qty_profit', 'qty_loss', 'qty_missed']);

/** The months table's columns in a view. */
export const monthsColumns = (view: MonthsView) => MONTHS_COLUMNS.columns.filter((c) => view === 'admin' || !MONTHS_ADMIN_FIELDS.has(c.field));
