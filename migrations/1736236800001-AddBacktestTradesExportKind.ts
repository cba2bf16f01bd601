import { MigrationInterface, QueryRunner } from 'typeorm';

/** A run's trades are exported as the lists are: a new export task kind. */
export class AddBacktestTradesExportKind1736236800001 implements MigrationInterface {
  name = 'AddBacktestTradesExportKind1736236800001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE export_tasks DROP CONSTRAINT export_tasks_kind_check`);
    await q.query(`ALTER TABLE export_tasks ADD CONSTRAINT export_tasks_kind_check CHECK (kind IN ('signals', 'orders', 'profiles_stats', 'account_stats', 'backtest_trades'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM export_tasks WHERE kind = 'backtest_trades'`);
    await q.query(`ALTER TABLE export_tasks DROP CONSTRAINT export_tasks_kind_check`);
    await q.query(`ALTER TABLE export_tasks ADD CONSTRAINT export_tasks_kind_check CHECK (kind IN ('signals', 'orders', 'profiles_stats', 'account_stats'))`);
  }
}
