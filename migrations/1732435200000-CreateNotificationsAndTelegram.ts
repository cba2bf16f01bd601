import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Telegram settings (one row: the alert bot and the investor bot, tokens encrypted), the notification
 * feed, and the outbox of messages to Telegram: a notification and its outbox row commit together,
 * the queued job only wakes a worker to send it.
 */
export class CreateNotificationsAndTelegram1732435200000 implements MigrationInterface {
  name = 'CreateNotificationsAndTelegram1732435200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tg_bot_settings (
        id serial PRIMARY KEY,
        singleton boolean NOT NULL DEFAULT true UNIQUE CHECK (singleton),
        token_enc text,
        chat_id varchar(16),
        investor_bot_token_enc text,
        investor_chat_id varchar(512),
        investor_report_time time NOT NULL DEFAULT '00:00:00',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE notifications (
        id bigserial PRIMARY KEY,
        title varchar(255) NOT NULL,
        text_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX notifications_created_at_idx ON notifications (created_at)`);

    await q.query(`
      CREATE TABLE telegram_outbox (
        id bigserial PRIMARY KEY,
        notification_id bigint REFERENCES notifications(id) ON DELETE SET NULL,
        bot varchar(16) NOT NULL CHECK (bot IN ('main', 'investor')),
        text text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
    // The sweeper re-enqueues rows still pending (a job lost with Redis): only those are indexed.
    await q.query(`CREATE INDEX telegram_outbox_pending_idx ON telegram_outbox (created_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE telegram_outbox`);
    await q.query(`DROP TABLE notifications`);
    await q.query(`DROP TABLE tg_bot_settings`);
  }
}
