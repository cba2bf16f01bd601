import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exports shared fairly (1733817600000 made the run states): QUEUED, a task whose job is in the queue and
 * waits for a worker's slot; an index of each user's unfinished tasks, which the start reads under the
 * user's lock (an identical waiting request, the cap per user, the job's priority); and the sweeper's
 * index of queued tasks beside the pending one.
 */
export class AddExportTaskQueuedState1734307200000 implements MigrationInterface {
  name = 'AddExportTaskQueuedState1734307200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE export_tasks
        DROP CONSTRAINT export_tasks_status_check,
        ADD CONSTRAINT export_tasks_status_check CHECK (status IN ('PENDING', 'QUEUED', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE'))`);
    await q.query(`CREATE INDEX export_tasks_unfinished_idx ON export_tasks (requested_by, created_at) WHERE status IN ('PENDING', 'QUEUED', 'STARTED', 'PROGRESS')`);
    await q.query(`CREATE INDEX export_tasks_queued_idx ON export_tasks (created_at) WHERE status = 'QUEUED'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX export_tasks_queued_idx`);
    await q.query(`DROP INDEX export_tasks_unfinished_idx`);
    await q.query(`UPDATE export_tasks SET status = 'PENDING' WHERE status = 'QUEUED'`);
    await q.query(`
      ALTER TABLE export_tasks
        DROP CONSTRAINT export_tasks_status_check,
        ADD CONSTRAINT export_tasks_status_check CHECK (status IN ('PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE'))`);
  }
}
