import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A send records its key (job id and attempt) on the outbox row before the request leaves, so a job
 * that runs again after its worker died mid-send finds its own key and does not send a second time.
 */
export class AddTelegramOutboxSendKey1732867200000 implements MigrationInterface {
  name = 'AddTelegramOutboxSendKey1732867200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE telegram_outbox ADD COLUMN send_key text, ADD COLUMN send_started_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE telegram_outbox DROP COLUMN send_key, DROP COLUMN send_started_at`);
  }
}
