import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily report: one row per reported UTC day, written in the same transaction as the day's
 * notification (kind daily_report), so a second run, a second worker or a restart writes nothing more.
 */
export class CreateDailyReports1736150400000 implements MigrationInterface {
  name = 'CreateDailyReports1736150400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE daily_reports (
        day date PRIMARY KEY,
        notification_id bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE daily_reports`);
  }
}
