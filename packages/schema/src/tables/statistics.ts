/**
 * The statistics rollups the triggers on signals and account_metrics keep.
 */
import { bigint, date, integer, numeric, timestamptz, varchar } from '../column';

/** The closed-signal sums every trade rollup keeps, whatever it is keyed by. */
const TRADE_SUMS = {
  qty_profit: integer().defaulted(),
  qty_loss: integer().defaulted(),
  qty_missed: integer().defaulted(),
  profit_usd: numeric(24, 8).defaulted(),
  loss_usd: numeric(24, 8).defaulted(),
  sum_pnl_percent: numeric(24, 8).defaulted(),
  sum_pnl_percent_sq: numeric(30, 8).defaulted(),
  sum_profit_percent: numeric(24, 8).defaulted(),
  sum_loss_percent: numeric(24, 8).defaulted(),
  most_loss_percent: numeric(18, 8).null(),
  most_loss_usd: numeric(24, 8).null(),
  sum_duration_s: bigint().defaulted(),
  max_duration_s: bigint().defaulted(),
  turnover: numeric(30, 8).defaulted(),
} as const;

/** What a whole-history rollup adds to its sums. */
const WHOLE_SPAN = {
  max_drawdown_usd: numeric(24, 8).defaulted(),
  first_day: date().null(),
  last_day: date().null(),
  updated_at: timestamptz().defaulted(),
} as const;

export const STATISTICS_TABLES = {
  profile_stats: {
    profile_id: integer(),
    ...TRADE_SUMS,
    ...WHOLE_SPAN,
  },
  profile_day_stats: {
    profile_id: integer(),
    day: date(),
    exchange_account_id: integer(),
    ...TRADE_SUMS,
  },
  account_stats: {
    exchange_account_id: integer(),
    ...TRADE_SUMS,
    ...WHOLE_SPAN,
  },
  account_metric_bars: {
    exchange_account_id: integer(),
    tf: varchar(2),
    at: timestamptz(),
    nav_open: numeric(24, 8),
    nav_high: numeric(24, 8),
    nav_low: numeric(24, 8),
    nav_close: numeric(24, 8),
    equity_open: numeric(24, 8),
    equity_high: numeric(24, 8),
    equity_low: numeric(24, 8),
    equity_close: numeric(24, 8),
    imp_loss_open: numeric(24, 8),
    imp_loss_high: numeric(24, 8),
    imp_loss_low: numeric(24, 8),
    imp_loss_close: numeric(24, 8),
    var_open: numeric(24, 8),
    var_high: numeric(24, 8),
    var_low: numeric(24, 8),
    var_close: numeric(24, 8),
    deposit_open: numeric(24, 8),
    deposit_close: numeric(24, 8),
    hwm_close: numeric(24, 8),
    minutes: integer(),
    first_at: timestamptz(),
    last_at: timestamptz(),
  },
} as const;
