import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `/closeall` confirmed becomes one close command per position: their ids (a JSON array of id texts) in
 * the order sent, so each result can be edited into the chat's message once the engine has answered them
 * all. `command_id` keeps the first of them, so the waiting confirmations are still found by its index.
 */
export class AddTelegramConfirmationCommandIds1736323200001 implements MigrationInterface {
  name = 'AddTelegramConfirmationCommandIds1736323200001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE telegram_confirmations ADD COLUMN command_ids jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE telegram_confirmations DROP COLUMN command_ids`);
  }
}
