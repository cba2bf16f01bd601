import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Investor report schedule entries. Each is registered as a BullMQ job scheduler; this table is the
 * record the worker registers them from again at every start.
 */
export class CreateInvestorReportSchedules1732608000000 implements MigrationInterface {
  name = 'CreateInvestorReportSchedules1732608000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE investor_report_schedules (
        id serial PRIMARY KEY,
        schedule_type varchar(16) NOT NULL CHECK (schedule_type IN ('daily', 'weekly', 'monthly', 'custom')),
        investor_report_time time NOT NULL,
        local_investor_report_time time,
        schedule_crontab varchar(128) NOT NULL,
        last_run_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE investor_report_schedules`);
  }
}
