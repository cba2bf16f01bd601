import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lane of an export task, chosen when it is asked for: `small` (at most EXPORT_SMALL_ROWS rows) runs on
 * a queue with slots of its own, so it never waits behind big exports; `main` is every other task and every
 * task made before lanes existed. The sweeper and the cancel find the task's job on its lane's queue.
 */
export class AddExportTaskLane1734566400000 implements MigrationInterface {
  name = 'AddExportTaskLane1734566400000';

  async up(q: QueryRunner): Promise<void> {
    // A constant default: no rewrite of the table.
    await q.query(`ALTER TABLE export_tasks ADD COLUMN lane varchar(8) NOT NULL DEFAULT 'main' CONSTRAINT export_tasks_lane_check CHECK (lane IN ('main', 'small'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE export_tasks DROP COLUMN lane`);
  }
}
