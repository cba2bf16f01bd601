import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BacktestFigures, BacktestMarket, BacktestStatus, EquityPoint } from '@console/contracts';
import { affectedRows, firstRow, queryRows, type Db } from '../common/database/sql';

/** A backtests row as stored (numerics as text). */
export interface BacktestRecord {
  id: string;
  profile_id: number | null;
  profile: string;
  pairs: { id: number; ticker: string }[];
  market: BacktestMarket;
  seed: string | null;
  exchange: string | null;
  date_from: Date;
  date_until: Date;
  deposit: string;
  fee_rate: string | null;
  slippage_rate: string | null;
  settings: Record<string, unknown>;
  one_signal_quota: string;
  max_signals_amount: number;
  status: BacktestStatus;
  progress: number;
  figures: BacktestFigures | null;
  error: string | null;
  created_by: string | null;
  created_by_id: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  duration_ms: number | null;
}

export interface NewBacktest {
  profile_id: number;
  profile_title: string;
  pairs: { id: number; ticker: string }[];
  market: BacktestMarket;
  seed: number | null;
  exchange: string | null;
  date_from: Date;
  date_until: Date;
  deposit: string;
  fee_rate: string | null;
  slippage_rate: string | null;
  settings: Record<string, unknown>;
  one_signal_quota: string;
  max_signals_amount: number;
  created_by: number;
}

export interface BacktestResultRows {
  trades: {
    pair_id: number;
    pair: string;
    side: string;
    entry_at: Date;
    exit_at: Date;
    entry_price: string;
    exit_price: string;
    quantity: string;
    size: string;
    pnl: string;
    fees: string;
    exit_reason: string;
  }[];
  equity: EquityPoint[];
  figures: BacktestFigures;
  durationMs: number;
}

const RECORD = `b.id::text, b.profile_id, b.profile_title AS profile, b.pairs, b.market, b.seed::text, b.exchange, b.date_from, b.date_until, b.deposit::text,
  b.fee_rate::text, b.slippage_rate::text, b.settings, b.one_signal_quota::text, b.max_signals_amount, b.status, b.progress, b.figures, b.error,
  u.email AS created_by, b.created_by AS created_by_id, b.created_at, b.started_at, b.finished_at, b.duration_ms`;
const FROM = `backtests b LEFT JOIN users u ON u.id = b.created_by`;

/** What a run copies from its profile: its settings as they are now, its MM sizing and its ticker config's pairs. */
export interface ProfileToTest {
  id: number;
  title: string;
  settings: Record<string, unknown>;
  one_signal_quota: string;
  max_signals_amount: number;
  pairs: { id: number; ticker: string }[];
  /** The exchange of the profile's account: a `store` run reads its stored candles. */
  exchange: string;
}

/** The SQL of backtests: the API's requests and the worker's runs. */
@Injectable()
export class BacktestsRepository {
  async profileToTest(db: Db, profileId: number): Promise<ProfileToTest | undefined> {
    return firstRow<ProfileToTest>(
      db,
      `SELECT sp.id, sp.title, sp.settings, mm.one_signal_quota::text, mm.max_signals_amount, ea.exchange,
              coalesce((SELECT jsonb_agg(jsonb_build_object('id', p.id, 'ticker', p.ticker) ORDER BY p.id)
                          FROM ticker_config_pairs tcp JOIN pairs p ON p.id = tcp.pair_id WHERE tcp.ticker_config_id = sp.ticker_config_id), '[]') AS pairs
         FROM strategy_profiles sp JOIN mm_profiles mm ON mm.id = sp.mm_profile_id JOIN exchange_accounts ea ON ea.id = sp.exchange_account_id
        WHERE sp.id = $1`,
      [profileId],
    );
  }

  /** What the store holds of each symbol on `exchange`: its first and last stored minute (candle_coverage, kept by every import). */
  async coverage(db: Db, exchange: string, symbols: readonly string[]): Promise<{ symbol: string; first_minute: Date; last_minute: Date }[]> {
    return queryRows(db, `SELECT symbol, first_minute, last_minute FROM candle_coverage WHERE exchange = $1 AND symbol = ANY($2::text[])`, [exchange, symbols]);
  }

  async pairs(db: Db, ids: readonly number[]): Promise<{ id: number; ticker: string }[]> {
    return queryRows(db, `SELECT id, ticker FROM pairs WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
  }

  /** Serialises one user's starts, so the count of their unfinished runs and the insert agree. */
  async lockUserStarts(m: EntityManager, userId: number): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('backtest-starts'), $1)`, [userId]);
  }

  async countUnfinished(m: EntityManager, userId: number): Promise<number> {
    const row = await firstRow<{ n: number }>(m, `SELECT count(*)::int AS n FROM backtests WHERE created_by = $1 AND status IN ('PENDING', 'RUNNING')`, [userId]);
    return row?.n ?? 0;
  }

  async create(m: EntityManager, run: NewBacktest): Promise<string> {
    const row = await firstRow<{ id: string }>(
      m,
      `INSERT INTO backtests (profile_id, profile_title, pairs, market, seed, date_from, date_until, deposit, fee_rate, slippage_rate, settings,
                              one_signal_quota, max_signals_amount, created_by, exchange)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id::text`,
      [
        run.profile_id, run.profile_title, JSON.stringify(run.pairs), run.market, run.seed, run.date_from, run.date_until, run.deposit, run.fee_rate,
        run.slippage_rate, JSON.stringify(run.settings), run.one_signal_quota, run.max_signals_amount, run.created_by, run.exchange,
      ],
    );
    if (!row) throw new Error('the backtest was not inserted');
    return row.id;
  }

  async find(db: Db, id: string): Promise<BacktestRecord | undefined> {
    return firstRow<BacktestRecord>(db, `SELECT ${RECORD} FROM ${FROM} WHERE b.id = $1`, [id]);
  }

  /** The worker takes a waiting run (or one a dead worker left running: it starts over). */
  async claim(db: Db, id: string): Promise<BacktestRecord | undefined> {
    return firstRow<BacktestRecord>(
      db,
      `WITH taken AS (UPDATE backtests SET status = 'RUNNING', started_at = now(), progress = 0 WHERE id = $1 AND status IN ('PENDING', 'RUNNING') RETURNING *)
       SELECT ${RECORD} FROM taken b LEFT JOIN users u ON u.id = b.created_by`,
      [id],
    );
  }

  /** A running run's progress; false when it is no longer running (cancelled or deleted). */
  async progress(db: Db, id: string, percent: number): Promise<boolean> {
    return (await affectedRows(db, `UPDATE backtests SET progress = $2 WHERE id = $1 AND status = 'RUNNING'`, [id, percent])) > 0;
  }

  /** The results, once, in bulk, with the SUCCESS that ends the run; false (and nothing written) when it was cancelled meanwhile. */
  async succeed(m: EntityManager, id: string, result: BacktestResultRows): Promise<boolean> {
    const done = await affectedRows(
      m,
      `UPDATE backtests SET status = 'SUCCESS', progress = 100, figures = $2, finished_at = now(), duration_ms = $3 WHERE id = $1 AND status = 'RUNNING'`,
      [id, JSON.stringify(result.figures), Math.round(result.durationMs)],
    );
    if (!done) return false;
    const t = result.trades;
    await m.query(
      `INSERT INTO backtest_trades (backtest_id, pair_id, pair, side, entry_at, exit_at, entry_price, exit_price, quantity, size, pnl, fees, exit_reason)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::numeric[], $8::numeric[], $9::numeric[],
                                $10::numeric[], $11::numeric[], $12::numeric[], $13::text[])`,
      [
        id, t.map((r) => r.pair_id), t.map((r) => r.pair), t.map((r) => r.side), t.map((r) => r.entry_at), t.map((r) => r.exit_at), t.map((r) => r.entry_price),
        t.map((r) => r.exit_price), t.map((r) => r.quantity), t.map((r) => r.size), t.map((r) => r.pnl), t.map((r) => r.fees), t.map((r) => r.exit_reason),
      ],
    );
    await m.query(`INSERT INTO backtest_equity (backtest_id, at, equity) SELECT $1, * FROM unnest($2::timestamptz[], $3::numeric[])`, [
      id,
      result.equity.map((p) => new Date(p.at)),
      result.equity.map((p) => p.equity),
    ]);
    return true;
  }

  /** False when the run had stopped running (cancelled or deleted meanwhile). */
  async fail(db: Db, id: string, error: string, durationMs: number): Promise<boolean> {
    return (await affectedRows(db, `UPDATE backtests SET status = 'FAILURE', error = $2, finished_at = now(), duration_ms = $3 WHERE id = $1 AND status = 'RUNNING'`, [id, error, Math.round(durationMs)])) > 0;
  }

  /** Stops a waiting or running run; false when it had already ended. */
  async cancel(db: Db, id: string): Promise<boolean> {
    return (await affectedRows(db, `UPDATE backtests SET status = 'CANCELLED', finished_at = now() WHERE id = $1 AND status IN ('PENDING', 'RUNNING')`, [id])) > 0;
  }

  /** The run with its results (they cascade). */
  async remove(m: EntityManager, id: string): Promise<boolean> {
    return (await affectedRows(m, `DELETE FROM backtests WHERE id = $1`, [id])) > 0;
  }

  async equity(db: Db, id: string): Promise<{ at: Date; equity: string }[]> {
    return queryRows(db, `SELECT at, equity::text FROM backtest_equity WHERE backtest_id = $1 ORDER BY at`, [id]);
  }
}
