/**
 * Backtests: a run's inputs, state and figures, and its results (trades, equity curve), written once
 * when it ends. Never joined with the live trading tables.
 */
import { BACKTEST_EXIT_REASONS, BACKTEST_MARKETS, BACKTEST_STATUSES, DIRECTIONS } from '@console/contracts';
import { bigint, integer, jsonb, numeric, smallint, text, timestamptz, varchar } from '../column';

export const BACKTEST_TABLES = {
  backtests: {
    id: bigint().defaulted(),
    profile_id: integer().null(),
    profile_title: text(),
    pairs: jsonb<{ id: number; ticker: string }[]>(),
    market: varchar(8).of(BACKTEST_MARKETS),
    /** The exchange whose stored candles a `store` run reads (its profile's account's); null for the model. */
    exchange: varchar(32).null(),
    seed: bigint().null(),
    date_from: timestamptz(),
    date_until: timestamptz(),
    deposit: numeric(24, 8),
    fee_rate: numeric(18, 8).null(),
    slippage_rate: numeric(18, 8).null(),
    settings: jsonb<Record<string, unknown>>(),
    one_signal_quota: numeric(24, 8),
    max_signals_amount: integer(),
    status: varchar(16).of(BACKTEST_STATUSES).defaulted(),
    progress: smallint().defaulted(),
    figures: jsonb<Record<string, unknown>>().null(),
    error: text().null(),
    created_by: integer().null(),
    created_at: timestamptz().defaulted(),
    started_at: timestamptz().null(),
    finished_at: timestamptz().null(),
    duration_ms: integer().null(),
  },
  backtest_trades: {
    id: bigint().defaulted(),
    backtest_id: bigint(),
    pair_id: integer(),
    pair: text(),
    side: varchar(8).of(DIRECTIONS),
    entry_at: timestamptz(),
    exit_at: timestamptz(),
    entry_price: numeric(30, 12),
    exit_price: numeric(30, 12),
    quantity: numeric(30, 12),
    size: numeric(24, 8),
    pnl: numeric(24, 8),
    fees: numeric(24, 8),
    exit_reason: varchar(16).of(BACKTEST_EXIT_REASONS),
  },
  backtest_equity: {
    backtest_id: bigint(),
    at: timestamptz(),
    equity: numeric(24, 8),
  },
} as const;
