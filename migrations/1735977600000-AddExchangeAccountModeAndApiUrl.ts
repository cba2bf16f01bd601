import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An exchange account trades in a mode: `paper` (the default, so existing accounts trade as before),
 * `demo` (the exchange's demo or testnet) or `live`; `api_url` optionally points ccxt at another host.
 * A switch to or from live is a notification users may route to their own channels (a new kind).
 */
export class AddExchangeAccountModeAndApiUrl1735977600000 implements MigrationInterface {
  name = 'AddExchangeAccountModeAndApiUrl1735977600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE exchange_accounts
        ADD COLUMN mode varchar(8) NOT NULL DEFAULT 'paper' CHECK (mode IN ('paper', 'demo', 'live')),
        ADD COLUMN api_url varchar(255)`);
    await q.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`);
    await q.query(`
      ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
        CHECK (kind IN ('risk_trigger_fired', 'engine_alert', 'new_device_sign_in', 'export_ready', 'backtest_finished', 'daily_report', 'account_mode_changed'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM notifications WHERE kind = 'account_mode_changed'`);
    await q.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`);
    await q.query(`
      ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
        CHECK (kind IN ('risk_trigger_fired', 'engine_alert', 'new_device_sign_in', 'export_ready', 'backtest_finished', 'daily_report'))`);
    await q.query(`ALTER TABLE exchange_accounts DROP COLUMN api_url, DROP COLUMN mode`);
  }
}
