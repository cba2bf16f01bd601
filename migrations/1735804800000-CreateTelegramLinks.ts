import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Telegram both ways: a user's chat linked under one bot (`bot_id`, the token's numeric prefix, so a
 * token of another bot finds no links rather than re-linking them), the one-time codes that link it,
 * the poller's state (getUpdates offset and the lease that lets one worker poll), the confirmations an
 * acting command waits on, and `telegram` as a channel of the users' alert deliveries.
 */
export class CreateTelegramLinks1735804800000 implements MigrationInterface {
  name = 'CreateTelegramLinks1735804800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE telegram_links (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        bot_id varchar(32) NOT NULL,
        chat_id bigint NOT NULL,
        linked_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (bot_id, chat_id)
      )`);
    await q.query(`
      CREATE TABLE telegram_link_codes (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        code varchar(32) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE telegram_poll_state (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        bot_id varchar(32),
        update_offset bigint NOT NULL DEFAULT 0,
        lease_owner varchar(64),
        lease_until timestamptz
      )`);
    await q.query(`INSERT INTO telegram_poll_state DEFAULT VALUES`);
    await q.query(`
      CREATE TABLE telegram_confirmations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        chat_id bigint NOT NULL,
        message_id bigint,
        action jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        used_at timestamptz,
        command_id bigint,
        answered_at timestamptz
      )`);
    await q.query(`CREATE INDEX telegram_confirmations_waiting_idx ON telegram_confirmations (created_at) WHERE command_id IS NOT NULL AND answered_at IS NULL`);
    await q.query(`ALTER TABLE alert_deliveries DROP CONSTRAINT alert_deliveries_channel_check`);
    await q.query(`ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_channel_check CHECK (channel IN ('telegram', 'email', 'discord', 'webhook'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM alert_deliveries WHERE channel = 'telegram'`);
    await q.query(`ALTER TABLE alert_deliveries DROP CONSTRAINT alert_deliveries_channel_check`);
    await q.query(`ALTER TABLE alert_deliveries ADD CONSTRAINT alert_deliveries_channel_check CHECK (channel IN ('email', 'discord', 'webhook'))`);
    await q.query(`DROP TABLE telegram_confirmations`);
    await q.query(`DROP TABLE telegram_poll_state`);
    await q.query(`DROP TABLE telegram_link_codes`);
    await q.query(`DROP TABLE telegram_links`);
  }
}
