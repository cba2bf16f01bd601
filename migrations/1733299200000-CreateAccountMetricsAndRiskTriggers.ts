import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account metrics, one row per exchange account and minute (statistics, charts and the position
 * administration side list read ranges of it by its primary key), and the risk-control triggers with
 * the profiles each one groups or is blocked by (two roles of one link table, so every id is a real profile).
 */
export class CreateAccountMetricsAndRiskTriggers1733299200000 implements MigrationInterface {
  name = 'CreateAccountMetricsAndRiskTriggers1733299200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE account_metrics (
        exchange_account_id integer NOT NULL REFERENCES exchange_accounts(id) ON DELETE CASCADE,
        at timestamptz NOT NULL,
        nav numeric(24, 8) NOT NULL,
        asset_usdt numeric(24, 8) NOT NULL DEFAULT 0,
        asset_usdc numeric(24, 8) NOT NULL DEFAULT 0,
        other_stable_coins numeric(24, 8) NOT NULL DEFAULT 0,
        asset_sum numeric(24, 8) NOT NULL DEFAULT 0,
        var numeric(24, 8) NOT NULL DEFAULT 0,
        open_orders_volume numeric(24, 8) NOT NULL DEFAULT 0,
        free_var numeric(24, 8) NOT NULL DEFAULT 0,
        imp_loss numeric(24, 8) NOT NULL DEFAULT 0,
        max_dd numeric(18, 8) NOT NULL DEFAULT 0,
        max_ddd numeric(18, 8) NOT NULL DEFAULT 0,
        deposit_monthly numeric(24, 8) NOT NULL DEFAULT 0,
        deposit_at numeric(24, 8) NOT NULL DEFAULT 0,
        balance_daily numeric(24, 8) NOT NULL DEFAULT 0,
        return_day_percent numeric(18, 8) NOT NULL DEFAULT 0,
        return_month_percent numeric(18, 8) NOT NULL DEFAULT 0,
        return_at_percent numeric(18, 8) NOT NULL DEFAULT 0,
        avg_capital_growth_rate numeric(18, 8) NOT NULL DEFAULT 0,
        PRIMARY KEY (exchange_account_id, at),
        CHECK (date_trunc('minute', at AT TIME ZONE 'UTC') = at AT TIME ZONE 'UTC')
      )`);

    await q.query(`
      CREATE TABLE risk_triggers (
        id serial PRIMARY KEY,
        trigger_name varchar(128) NOT NULL,
        trigger_type varchar(16) NOT NULL CHECK (trigger_type IN ('imp_loss', 'var', 'nav', 'opposite_dir', 'nav_reducing', 'timer', 'nav_alerting')),
        exchange_account_id integer REFERENCES exchange_accounts(id) ON DELETE CASCADE,
        trigger_blocker numeric(18, 8) NOT NULL,
        trigger_blocker_opp_dir_sp numeric(18, 8),
        trigger_blocker_opp_dir_atr numeric(18, 8),
        trigger_unblocker numeric(18, 8),
        alert boolean NOT NULL DEFAULT false,
        rules text NOT NULL DEFAULT '',
        timer integer NOT NULL DEFAULT 0 CHECK (timer >= 0),
        position_reduce numeric(18, 8) CHECK (position_reduce >= 0 AND position_reduce <= 100),
        x_percent_depo numeric(18, 8) CHECK (x_percent_depo >= 0 AND x_percent_depo <= 100),
        y_percent_depo numeric(18, 8) CHECK (y_percent_depo >= 0 AND y_percent_depo <= 100),
        is_active boolean NOT NULL DEFAULT false,
        is_show boolean NOT NULL DEFAULT true,
        triggered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- NAV alerting only alerts: it has no reduce fields.
        CHECK (trigger_type <> 'nav_alerting' OR (position_reduce IS NULL AND x_percent_depo IS NULL AND y_percent_depo IS NULL))
      )`);
    await q.query(`
      CREATE TABLE risk_trigger_profiles (
        risk_trigger_id integer NOT NULL REFERENCES risk_triggers(id) ON DELETE CASCADE,
        role varchar(16) NOT NULL CHECK (role IN ('group', 'blocker_active')),
        profile_id integer NOT NULL REFERENCES strategy_profiles(id) ON DELETE CASCADE,
        PRIMARY KEY (risk_trigger_id, role, profile_id)
      )`);
    await q.query(`CREATE INDEX risk_trigger_profiles_profile_id_idx ON risk_trigger_profiles (profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE risk_trigger_profiles`);
    await q.query(`DROP TABLE risk_triggers`);
    await q.query(`DROP TABLE account_metrics`);
  }
}
