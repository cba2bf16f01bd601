import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exports their requester cancels: CANCELLED, final like SUCCESS and FAILURE, with the time it ended.
 * It leaves the partial indexes of unfinished and queued tasks, so a cancelled task frees its place
 * under the per-user cap and is never taken for an identical request.
 */
export class AddExportTaskCancelledState1734480000000 implements MigrationInterface {
  name = 'AddExportTaskCancelledState1734480000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE export_tasks
        DROP CONSTRAINT export_tasks_status_check,
        ADD CONSTRAINT export_tasks_status_check CHECK (status IN ('PENDING', 'QUEUED', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'CANCELLED')),
        ADD CONSTRAINT export_tasks_cancelled_check CHECK (status <> 'CANCELLED' OR finished_at IS NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The older states have no cancelled task: it ends as a failure that says why.
    await q.query(`UPDATE export_tasks SET status = 'FAILURE', error = 'cancelled by its requester' WHERE status = 'CANCELLED'`);
    await q.query(`
      ALTER TABLE export_tasks
        DROP CONSTRAINT export_tasks_cancelled_check,
        DROP CONSTRAINT export_tasks_status_check,
        ADD CONSTRAINT export_tasks_status_check CHECK (status IN ('PENDING', 'QUEUED', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE'))`);
  }
}
