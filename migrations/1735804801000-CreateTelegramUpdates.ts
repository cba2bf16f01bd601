import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook mode of the Telegram bot: each update Telegram posts is a row first (unique per bot and update,
 * so Telegram's retries add nothing), handled by the worker that holds the poller's lease.
 */
export class CreateTelegramUpdates1735804801000 implements MigrationInterface {
  name = 'CreateTelegramUpdates1735804801000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE telegram_updates (
        id bigserial PRIMARY KEY,
        bot_id varchar(32) NOT NULL,
        update_id bigint NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        handled_at timestamptz,
        UNIQUE (bot_id, update_id)
      )`);
    await q.query(`CREATE INDEX telegram_updates_waiting_idx ON telegram_updates (id) WHERE handled_at IS NULL`);
    await q.query(`ALTER TABLE telegram_poll_state ADD COLUMN webhook_url text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE telegram_poll_state DROP COLUMN webhook_url`);
    await q.query(`DROP TABLE telegram_updates`);
  }
}
