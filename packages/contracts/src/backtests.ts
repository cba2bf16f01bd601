/**
 * Backtests: a strategy profile run over a period of history by the engine's backtest runner, on the
 * worker. Their routes, states, inputs' limits, messages and list declaration, for the API and the SPA.
 */
import type { BacktestFigures, BacktestMonthReturn } from './backtest-figures';
import { FORMATS, type ColumnFormat, type ColumnSet } from './columns';
import type { ListQueryAccess } from './list-query';
import type { CandleBar } from './market-data';
import type { AnswerFields } from './perms';
import { defineResource } from './resource';
import { TRADING_DECIMALS, type Direction } from './trading';

/** The calls under API_PREFIX (trailing slash included). */
export const BACKTEST_PATHS = {
  list: '/backtests/',
  one: (id: string) => `/backtests/${encodeURIComponent(id)}/`,
  trades: (id: string) => `/backtests/${encodeURIComponent(id)}/trades/`,
  equity: (id: string) => `/backtests/${encodeURIComponent(id)}/equity/`,
  cancel: (id: string) => `/backtests/${encodeURIComponent(id)}/cancel/`,
  /** Writes the run's settings into its strategy profile (the profile's own settings rules and audit). */
  promote: (id: string) => `/backtests/${encodeURIComponent(id)}/promote/`,
  /** A new draft strategy profile with the run's settings (its profile's MM profile, pairs and direction). */
  promoteDraft: (id: string) => `/backtests/${encodeURIComponent(id)}/promote-draft/`,
  /**
   * The candles of one of the run's pairs over its period (`pair`, `timeframe` in the query): the stored
   * bars of a store run, the seeded model's of a model run; what its trades are marked on.
   */
  candles: (id: string) => `/backtests/${encodeURIComponent(id)}/candles/`,
} as const;

export const BACKTEST_STATUSES = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILURE', 'CANCELLED'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

/** Where the candles come from: the seeded market model, or the candle store (the exchange of the profile's account). */
export const BACKTEST_MARKETS = ['model', 'store'] as const;
export type BacktestMarket = (typeof BACKTEST_MARKETS)[number];

export const BACKTEST_EXIT_REASONS = ['exit_order', 'max_duration', 'end_of_period'] as const;
export type BacktestExitReason = (typeof BACKTEST_EXIT_REASONS)[number];

export const BACKTEST_LIMITS = {
  /** Pairs of one run. */
  maxPairs: 20,
  /** Days of one run's period. */
  maxDays: 366,
  /** Runs of one user waiting or running at once. */
  maxUnfinishedPerUser: 3,
  /** The model's seed: a whole number from 0. */
  maxSeed: 2_147_483_647,
  /** Starting deposit, USD. */
  minDeposit: 1,
  maxDeposit: 1_000_000_000,
  /** Fee and slippage rates are shares of the price (0.0005 = 0.05 %). */
  maxRate: 0.1,
  /** Runs side by side in the compare view. */
  compareMin: 2,
  compareMax: 6,
} as const;

export const BACKTEST_MESSAGES = {
  notFound: 'Backtest not found.',
  profileNotFound: 'This strategy profile does not exist.',
  emptyPeriod: 'The period is empty: date_until must be after date_from.',
  periodTooLong: `A backtest covers at most ${BACKTEST_LIMITS.maxDays} days.`,
  periodBeforeModel: 'The model market starts on 2017-01-01.',
  periodInFuture: 'The period must end by now.',
  /** The store market: a pair the store holds no minute of, or a span of the period it does not hold. */
  storeNoCandles: (ticker: string, exchange: string) => `The candle store holds no candles of ${ticker} on ${exchange}: import or download them first.`,
  storeMissingSpan: (ticker: string, exchange: string, from: string, until: string) =>
    `The candle store lacks ${ticker} on ${exchange} from ${from} until ${until}: import or download those minutes, or choose a period it covers.`,
  noPairs: 'Choose at least one pair.',
  tooManyPairs: `A backtest takes at most ${BACKTEST_LIMITS.maxPairs} pairs.`,
  unknownPair: (ids: readonly number[]) => `These pairs do not exist: ${ids.join(', ')}.`,
  seedRequired: 'The model market needs a seed.',
  depositOutOfRange: `The deposit must be from ${BACKTEST_LIMITS.minDeposit} to ${BACKTEST_LIMITS.maxDeposit}.`,
  rateTooHigh: `A rate is at most ${BACKTEST_LIMITS.maxRate}.`,
  settingsInvalid: 'The settings are not a valid strategy settings document.',
  tooMany: `You have ${BACKTEST_LIMITS.maxUnfinishedPerUser} backtests waiting or running. Wait for one to finish or cancel one.`,
  notCancellable: 'This backtest has already ended and can no longer be cancelled.',
  failed: 'The backtest failed.',
  profileGone: "This run's strategy profile has been deleted: its settings cannot be written back.",
  /** The candles of a run: `pair` names one of its pairs by symbol. */
  candlesPairRequired: 'pair is the symbol of one of the run\'s pairs, such as BTCUSDT.',
  pairNotInRun: (pair: string, pairs: readonly string[]) => `${pair} is not a pair of this run (its pairs: ${pairs.join(', ')}).`,
  /** The new draft's title when the request names none. */
  draftTitle: (profile: string, id: string) => `${profile} (backtest #${id})`,
} as const;

/** The inputs of a run, as POST takes them and GET answers them. */
export interface BacktestParameters {
  profile_id: number;
  pairs: number[];
  /** The pairs' symbols, in the order of `pairs` (answered; a request names pairs by id). */
  pair_symbols: string[];
  market: BacktestMarket;
  seed: number | null;
  /** The exchange whose stored candles a `store` run reads (its profile's account's); null for the model. */
  exchange: string | null;
  date_from: string;
  date_until: string;
  deposit: string;
  /** The settings the run used: the profile's at the time of the request unless given. */
  settings: Record<string, unknown>;
  /** One rate for maker and taker fills; null: the paper venue's own maker and taker rates. */
  fee_rate: string | null;
  /** null: the paper venue's. */
  slippage_rate: string | null;
}

/** `POST /backtests/` answers 201 with this. */
export interface BacktestCreated {
  id: string;
  status: BacktestStatus;
}

/** A row of `GET /backtests/`. A Limited group gets only its fields and the id. */
export interface BacktestRow {
  id: string;
  profile_id: number;
  /** The profile's title when the run was made. */
  profile: string;
  market: BacktestMarket;
  date_from: string;
  date_until: string;
  status: BacktestStatus;
  progress: number;
  total_return_percent: number | null;
  max_drawdown_percent: number | null;
  trade_count: number | null;
  /** The requester's email (null once the user is deleted). */
  created_by: string | null;
  created_at: string;
}

/** `GET /backtests/{id}/`: the row, the inputs, the figures once it succeeded, how long it ran. */
export interface Backtest extends BacktestRow {
  inputs: BacktestParameters;
  figures: BacktestFigures | null;
  /** Milliseconds the run took on the worker (null until it ended). */
  duration_ms: number | null;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/** A row of `GET /backtests/{id}/trades/`, in exit order. Money and prices as decimal text. */
export interface BacktestTradeRow {
  id: string;
  pair_id: number;
  pair: string;
  side: Direction;
  entry_at: string;
  exit_at: string;
  entry_price: string;
  exit_price: string;
  quantity: string;
  size: string;
  pnl: string;
  fees: string;
  exit_reason: BacktestExitReason;
}

/** A point of `GET /backtests/{id}/equity/`: the account's value at an hour's end and at the period's end. */
export interface BacktestEquityPoint {
  at: string;
  equity: string;
}

export const BACKTEST_LIST_QUERY = {
  filters: { status: 'status', profile_id: 'profile_id', market: 'market' },
  orderings: { created_at: 'created_at' },
} as const satisfies ListQueryAccess;

/**
 * The xlsx of a run's trades (EXPORT_PATHS.backtest_trades): `backtest_id` names the run. At Limited it
 * needs the `trades` field, which opens the trade columns, and filtering.
 */
export const BACKTEST_TRADE_EXPORT_QUERY = {
  filters: { backtest_id: 'trades' },
} as const satisfies ListQueryAccess;

/**
 * The candles of a run (BACKTEST_PATHS.candles): `pair` and `timeframe` choose the bars. At Limited they
 * need the `trades` field, which opens the bars (BACKTEST_CANDLE_FIELDS), and filtering, as the trades' xlsx.
 */
export const BACKTEST_CANDLES_QUERY = {
  filters: { pair: 'trades', timeframe: 'trades' },
} as const satisfies ListQueryAccess;

const STATUS_LABELS: Record<BacktestStatus, string> = { PENDING: 'Waiting', RUNNING: 'Running', SUCCESS: 'Done', FAILURE: 'Failed', CANCELLED: 'Cancelled' };

/** The Backtests list: newest first. */
export const BACKTEST_RESOURCE = defineResource<BacktestRow>()({
  name: 'backtests',
  section: 'backtests',
  query: BACKTEST_LIST_QUERY,
  columns: [
    { field: 'profile', header: 'Profile', format: FORMATS.text, limited: true },
    { field: 'market', header: 'Market', format: FORMATS.text, limited: true },
    { field: 'date_from', header: 'From', format: FORMATS.dateTime, limited: true },
    { field: 'date_until', header: 'Until', format: FORMATS.dateTime, limited: true },
    { field: 'status', header: 'Status', format: FORMATS.labels(STATUS_LABELS), limited: true },
    { field: 'progress', header: 'Progress', format: FORMATS.percent(0), limited: true },
    { field: 'total_return_percent', header: 'Total return', format: FORMATS.percent(2), limited: true },
    { field: 'max_drawdown_percent', header: 'Max drawdown', format: FORMATS.percent(2), limited: true },
    { field: 'trade_count', header: 'Trades', format: FORMATS.integer, limited: true },
    { field: 'created_by', header: 'Created by', format: FORMATS.text, limited: true },
    { field: 'created_at', header: 'Created', format: FORMATS.dateTime, limited: true },
  ],
});

/** At Limited a run's trades are seen whole when the group opens the `trades` field, else only their ids. */
export const BACKTEST_TRADE_FIELDS: AnswerFields = Object.fromEntries(
  (['pair_id', 'pair', 'side', 'entry_at', 'exit_at', 'entry_price', 'exit_price', 'quantity', 'size', 'pnl', 'fees', 'exit_reason'] as const satisfies readonly (keyof BacktestTradeRow)[]).map((key) => [key, 'trades']),
);

/** At Limited the candles the trades are marked on open with the trades, the `trades` field. */
export const BACKTEST_CANDLE_FIELDS: AnswerFields = { time: 'trades', open: 'trades', high: 'trades', low: 'trades', close: 'trades', volume: 'trades' } satisfies Record<keyof CandleBar, string>;

/** At Limited the equity curve needs the `equity` field. */
export const BACKTEST_EQUITY_FIELDS: AnswerFields = { at: 'equity', equity: 'equity' } satisfies Record<keyof BacktestEquityPoint, string>;

/** A headline figure as the run's page and the compare view write it; the formula is the figure's own (backtest-figures.ts). */
export interface BacktestFigureColumn {
  field: keyof BacktestFigures & string;
  header: string;
  format: ColumnFormat;
}

/** The headline figures in the order the screens show them. */
export const BACKTEST_FIGURE_COLUMNS: readonly BacktestFigureColumn[] = [
  { field: 'total_return_percent', header: 'Total return', format: FORMATS.percent(2) },
  { field: 'cagr_percent', header: 'CAGR', format: FORMATS.percent(2) },
  { field: 'max_drawdown_percent', header: 'Max drawdown', format: FORMATS.percent(2) },
  { field: 'max_drawdown_duration_hours', header: 'Max drawdown duration, h', format: FORMATS.integer },
  { field: 'sharpe', header: 'Sharpe', format: FORMATS.number(2) },
  { field: 'sortino', header: 'Sortino', format: FORMATS.number(2) },
  { field: 'calmar', header: 'Calmar', format: FORMATS.number(2) },
  { field: 'profit_factor', header: 'Profit factor', format: FORMATS.number(2) },
  { field: 'expectancy', header: 'Expectancy per trade', format: FORMATS.money(2) },
  { field: 'win_rate_percent', header: 'Win rate', format: FORMATS.percent(2) },
  { field: 'average_win', header: 'Average win', format: FORMATS.money(2) },
  { field: 'average_loss', header: 'Average loss', format: FORMATS.money(2) },
  { field: 'win_loss_ratio', header: 'Average win / loss', format: FORMATS.number(2) },
  { field: 'trade_count', header: 'Trades', format: FORMATS.integer },
  { field: 'exposure_percent', header: 'Exposure', format: FORMATS.percent(2) },
  { field: 'fees_paid', header: 'Fees paid', format: FORMATS.money(2) },
  { field: 'best_trade', header: 'Best trade', format: FORMATS.money(2) },
  { field: 'worst_trade', header: 'Worst trade', format: FORMATS.money(2) },
  { field: 'final_equity', header: 'Final equity', format: FORMATS.money(2) },
];

const EXIT_REASON_LABELS: Record<BacktestExitReason, string> = { exit_order: 'Exit order', max_duration: 'Max duration', end_of_period: 'End of period' };

/** Trade prices as the orders' price column writes them. */
const PRICE = FORMATS.number(TRADING_DECIMALS.orderPrice);

/** A run's trade list (its page; the xlsx of its trades reads the same). Limited sees it whole with the `trades` field. */
export const BACKTEST_TRADE_COLUMNS: ColumnSet<BacktestTradeRow> = {
  section: 'backtests',
  columns: [
    { field: 'pair', header: 'Pair', format: FORMATS.text, limited: true },
    { field: 'side', header: 'Side', format: FORMATS.text, limited: true },
    { field: 'entry_at', header: 'Entry time', format: FORMATS.dateTime, limited: true },
    { field: 'entry_price', header: 'Entry price', format: PRICE, limited: true },
    { field: 'exit_at', header: 'Exit time', format: FORMATS.dateTime, limited: true },
    { field: 'exit_price', header: 'Exit price', format: PRICE, limited: true },
    { field: 'size', header: 'Size, USD', format: FORMATS.money(2), limited: true },
    { field: 'pnl', header: 'PnL', format: FORMATS.money(2), limited: true },
    { field: 'fees', header: 'Fees', format: FORMATS.money(2), limited: true },
    { field: 'exit_reason', header: 'Exit reason', format: FORMATS.labels(EXIT_REASON_LABELS), limited: true },
  ],
};

/** The monthly returns table on a run's page (rows from `backtestMonthlyReturns`; Total and the average month head it). */
export const BACKTEST_MONTH_COLUMNS: ColumnSet<BacktestMonthReturn> = {
  section: 'backtests',
  columns: [
    { field: 'month', header: 'Period', format: FORMATS.text, limited: true },
    { field: 'start_equity', header: 'Start equity', format: FORMATS.money(2), limited: true },
    { field: 'end_equity', header: 'End equity', format: FORMATS.money(2), limited: true },
    { field: 'return_usd', header: 'Return, $', format: FORMATS.money(2), limited: true },
    { field: 'return_percent', header: 'Return, %', format: FORMATS.percent(2), limited: true },
  ],
};
