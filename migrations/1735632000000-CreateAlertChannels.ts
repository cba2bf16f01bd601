import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alert channels: each user's destinations and choices per kind of notification, the SMTP settings, and
 * the deliveries outbox. A notification with a kind is fanned out once into deliveries (`fanned_out_at`
 * marks it), so the engine, which writes notifications in its own transactions, needs no knowledge of
 * users' choices: the worker's sweep finds what it wrote.
 */
export class CreateAlertChannels1735632000000 implements MigrationInterface {
  name = 'CreateAlertChannels1735632000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE notifications
        ADD COLUMN kind varchar(32) CHECK (kind IN ('risk_trigger_fired', 'engine_alert', 'new_device_sign_in', 'export_ready', 'backtest_finished', 'daily_report')),
        ADD COLUMN user_id integer REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN fanned_out_at timestamptz`);
    // Only notifications still to fan out are indexed: the sweep reads those.
    await q.query(`CREATE INDEX notifications_fan_out_idx ON notifications (created_at) WHERE kind IS NOT NULL AND fanned_out_at IS NULL`);
    await q.query(`
      CREATE TABLE user_alert_channels (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        email varchar(254),
        discord_url_enc text,
        webhook_url varchar(2048),
        webhook_secret_enc text,
        choices jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE smtp_settings (
        id serial PRIMARY KEY,
        singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
        host varchar(255) NOT NULL,
        port integer NOT NULL,
        secure boolean NOT NULL DEFAULT false,
        username varchar(255),
        password_enc text,
        from_address varchar(254) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE alert_deliveries (
        id bigserial PRIMARY KEY,
        notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        channel varchar(16) NOT NULL CHECK (channel IN ('email', 'discord', 'webhook')),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        send_key text,
        send_started_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        UNIQUE (notification_id, user_id, channel)
      )`);
    await q.query(`CREATE INDEX alert_deliveries_pending_idx ON alert_deliveries (created_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX alert_deliveries_log_idx ON alert_deliveries (user_id, channel, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE alert_deliveries`);
    await q.query(`DROP TABLE smtp_settings`);
    await q.query(`DROP TABLE user_alert_channels`);
    await q.query(`DROP INDEX notifications_fan_out_idx`);
    await q.query(`ALTER TABLE notifications DROP COLUMN kind, DROP COLUMN user_id, DROP COLUMN fanned_out_at`);
  }
}
