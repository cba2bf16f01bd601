import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Backtests (docs/decisions/backtests.md):
 * - backtests: a run is a row first (the worker's job is a wake-up), holding everything it runs on as
 *   it was asked (the profile's settings and MM sizing copied, so a later edit of the profile does not
 *   change what a run meant), its state and progress, and its figures once it succeeded.
 * - backtest_trades and backtest_equity: its results, written once, in bulk, with the SUCCESS that ends
 *   it; they go with the run (ON DELETE CASCADE). They share nothing with the live trading tables.
 */
export class CreateBacktests1735459200000 implements MigrationInterface {
  name = 'CreateBacktests1735459200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE backtests (
        id bigserial PRIMARY KEY,
        profile_id integer NULL REFERENCES strategy_profiles(id) ON DELETE SET NULL,
        profile_title text NOT NULL,
        pairs jsonb NOT NULL,
        market varchar(8) NOT NULL CHECK (market IN ('model', 'store')),
        seed bigint NULL,
        date_from timestamptz NOT NULL,
        date_until timestamptz NOT NULL,
        deposit numeric(24, 8) NOT NULL,
        fee_rate numeric(18, 8) NULL,
        slippage_rate numeric(18, 8) NULL,
        settings jsonb NOT NULL,
        one_signal_quota numeric(24, 8) NOT NULL,
        max_signals_amount integer NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'SUCCESS', 'FAILURE', 'CANCELLED')),
        progress smallint NOT NULL DEFAULT 0,
        figures jsonb NULL,
        error text NULL,
        created_by integer NULL REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL,
        duration_ms integer NULL,
        CHECK (date_until > date_from)
      )`);
    await q.query(`CREATE INDEX backtests_newest ON backtests (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX backtests_unfinished ON backtests (created_by, created_at) WHERE status IN ('PENDING', 'RUNNING')`);
    await q.query(`
      CREATE TABLE backtest_trades (
        id bigserial PRIMARY KEY,
        backtest_id bigint NOT NULL REFERENCES backtests(id) ON DELETE CASCADE,
        pair_id integer NOT NULL,
        pair text NOT NULL,
        side varchar(8) NOT NULL CHECK (side IN ('long', 'short')),
        entry_at timestamptz NOT NULL,
        exit_at timestamptz NOT NULL,
        entry_price numeric(30, 12) NOT NULL,
        exit_price numeric(30, 12) NOT NULL,
        quantity numeric(30, 12) NOT NULL,
        size numeric(24, 8) NOT NULL,
        pnl numeric(24, 8) NOT NULL,
        fees numeric(24, 8) NOT NULL,
        exit_reason varchar(16) NOT NULL CHECK (exit_reason IN ('exit_order', 'max_duration', 'end_of_period'))
      )`);
    await q.query(`CREATE INDEX backtest_trades_of_run ON backtest_trades (backtest_id, id)`);
    await q.query(`
      CREATE TABLE backtest_equity (
        backtest_id bigint NOT NULL REFERENCES backtests(id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        equity numeric(24, 8) NOT NULL,
        PRIMARY KEY (backtest_id, at)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE backtest_equity`);
    await q.query(`DROP TABLE backtest_trades`);
    await q.query(`DROP TABLE backtests`);
  }
}
