import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the xlsx export worker needs on export_tasks (1733385600000): the PROGRESS state and its percent;
 * the requester's perm of the exported list as it was at the request (a Limited group's columns and rows
 * are those it had when it asked); the run that owns the task (a job run again after its worker died takes
 * over once the owner's heartbeat is stale, and the owner's writes stop counting); and the file's expiry.
 */
export class AddExportTaskProgressAndExpiry1733817600000 implements MigrationInterface {
  name = 'AddExportTaskProgressAndExpiry1733817600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE export_tasks DROP CONSTRAINT export_tasks_status_check`);
    await q.query(`
      ALTER TABLE export_tasks
        ADD CONSTRAINT export_tasks_status_check CHECK (status IN ('PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE')),
        ADD COLUMN progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        ADD COLUMN list_perm jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(list_perm) = 'object'),
        ADD COLUMN run_key uuid,
        ADD COLUMN heartbeat_at timestamptz,
        ADD COLUMN runs integer NOT NULL DEFAULT 0 CHECK (runs >= 0),
        ADD COLUMN expires_at timestamptz,
        ADD COLUMN expired_at timestamptz,
        ADD CONSTRAINT export_tasks_expiry_check CHECK (expired_at IS NULL OR status = 'SUCCESS')`);
    // The sweeper finds running tasks whose owner stopped beating; the purge finds files past their age.
    await q.query(`CREATE INDEX export_tasks_running_idx ON export_tasks (heartbeat_at) WHERE status IN ('STARTED', 'PROGRESS')`);
    await q.query(`CREATE INDEX export_tasks_expires_at_idx ON export_tasks (expires_at) WHERE status = 'SUCCESS' AND expired_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX export_tasks_expires_at_idx`);
    await q.query(`DROP INDEX export_tasks_running_idx`);
    await q.query(`UPDATE export_tasks SET status = 'STARTED' WHERE status = 'PROGRESS'`);
    await q.query(`
      ALTER TABLE export_tasks
        DROP CONSTRAINT export_tasks_expiry_check,
        DROP COLUMN expired_at, DROP COLUMN expires_at, DROP COLUMN runs, DROP COLUMN heartbeat_at,
        DROP COLUMN run_key, DROP COLUMN list_perm, DROP COLUMN progress,
        DROP CONSTRAINT export_tasks_status_check`);
    await q.query(`ALTER TABLE export_tasks ADD CONSTRAINT export_tasks_status_check CHECK (status IN ('PENDING', 'STARTED', 'SUCCESS', 'FAILURE'))`);
  }
}
