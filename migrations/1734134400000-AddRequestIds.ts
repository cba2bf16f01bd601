import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The id of the HTTP request behind an audit row and an engine command, so one id finds the whole
 * path of an action (the request's log lines, its audit rows, the command, the worker's and the
 * engine's log lines). Null for rows written outside a request (the engine's own logs, sweeps).
 * The index is built concurrently, as logs can be large and are written to all the time.
 */
export class AddRequestIds1734134400000 implements MigrationInterface {
  name = 'AddRequestIds1734134400000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE logs ADD COLUMN IF NOT EXISTS request_id text`);
    await q.query(`ALTER TABLE engine_commands ADD COLUMN IF NOT EXISTS request_id text`);
    await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS logs_request_id_idx ON logs (request_id) WHERE request_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS logs_request_id_idx`);
    await q.query(`ALTER TABLE engine_commands DROP COLUMN IF EXISTS request_id`);
    await q.query(`ALTER TABLE logs DROP COLUMN IF EXISTS request_id`);
  }
}
