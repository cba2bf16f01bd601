import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alert webhooks (docs/decisions/alerts.md). `strategy_profile_alerts`: one row per profile whose alerts
 * were ever turned on; `profile_key` is the public id in the webhook's URL (random, kept when the secret
 * is rotated or alerts go off and on), only SHA-256 of the secret is stored. `alert_receipts`: every
 * alert that got past the secret and the limits, with its answer, so a repeated alert_id is answered as
 * the first one. The engine takes three new command kinds on a profile.
 */
export class CreateStrategyProfileAlerts1735200000000 implements MigrationInterface {
  name = 'CreateStrategyProfileAlerts1735200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE strategy_profile_alerts (
        profile_id integer PRIMARY KEY REFERENCES strategy_profiles(id) ON DELETE CASCADE,
        profile_key varchar(32) NOT NULL UNIQUE,
        secret_hash char(64) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        max_lag_seconds integer NOT NULL DEFAULT 300 CHECK (max_lag_seconds > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE alert_receipts (
        id bigserial PRIMARY KEY,
        profile_id integer NOT NULL REFERENCES strategy_profiles(id) ON DELETE CASCADE,
        alert_id varchar(128),
        action varchar(16) NOT NULL CHECK (action IN ('open', 'close', 'close_all')),
        pair varchar(64),
        status_code smallint NOT NULL,
        answer jsonb NOT NULL CHECK (jsonb_typeof(answer) = 'object'),
        command_id bigint REFERENCES engine_commands(id) ON DELETE SET NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One receipt per alert_id and profile: an older one (past the idempotency window) is replaced.
    await q.query(`CREATE UNIQUE INDEX alert_receipts_alert_id_key ON alert_receipts (profile_id, alert_id) WHERE alert_id IS NOT NULL`);
    await q.query(`CREATE INDEX alert_receipts_profile_received_idx ON alert_receipts (profile_id, received_at)`);
    await q.query(`ALTER TABLE engine_commands DROP CONSTRAINT engine_commands_kind_check`);
    await q.query(`
      ALTER TABLE engine_commands ADD CONSTRAINT engine_commands_kind_check CHECK (kind IN ('cancel_signal', 'cancel_order', 'close_market',
        'close_limit', 'close_best_limit', 'reduce_position', 'set_skip_check', 'recover_k_exit', 'close_lost_position', 'start_profile',
        'stop_profile', 'start_mm_profile', 'stop_mm_profile', 'start_ticker_config', 'stop_ticker_config', 'enable_bot', 'disable_bot',
        'set_broker_program', 'alert_open', 'alert_close', 'alert_close_all'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM engine_commands WHERE kind IN ('alert_open', 'alert_close', 'alert_close_all')`);
    await q.query(`ALTER TABLE engine_commands DROP CONSTRAINT engine_commands_kind_check`);
    await q.query(`
      ALTER TABLE engine_commands ADD CONSTRAINT engine_commands_kind_check CHECK (kind IN ('cancel_signal', 'cancel_order', 'close_market',
        'close_limit', 'close_best_limit', 'reduce_position', 'set_skip_check', 'recover_k_exit', 'close_lost_position', 'start_profile',
        'stop_profile', 'start_mm_profile', 'stop_mm_profile', 'start_ticker_config', 'stop_ticker_config', 'enable_bot', 'disable_bot',
        'set_broker_program'))`);
    await q.query(`DROP TABLE alert_receipts`);
    await q.query(`DROP TABLE strategy_profile_alerts`);
  }
}
