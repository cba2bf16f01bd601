import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A concurrent index build that fails (1732780800000) leaves its index behind marked invalid, and a
 * rerun of that migration skips it (IF NOT EXISTS) and counts as done: the logs filters then run
 * without their index. This drops such a leftover and builds it again; valid indexes are left alone,
 * so a database whose builds succeeded is not touched. Safe to run again after a failure of its own.
 */
const COMBINED_FILTER_INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['logs_pair_id_type_id_idx', `ON logs (pair_id, type, id DESC) WHERE pair_id IS NOT NULL`],
  ['logs_profile_id_type_id_idx', `ON logs (profile_id, type, id DESC) WHERE profile_id IS NOT NULL`],
  ['logs_pair_id_profile_id_id_idx', `ON logs (pair_id, profile_id, id DESC) WHERE pair_id IS NOT NULL AND profile_id IS NOT NULL`],
];

export class RebuildInvalidLogsFilterIndexes1732953600000 implements MigrationInterface {
  name = 'RebuildInvalidLogsFilterIndexes1732953600000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    for (const [name, definition] of COMBINED_FILTER_INDEXES) {
      const invalid: unknown[] = await q.query(
        `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
        [name],
      );
      if (invalid.length) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ${definition}`);
    }
  }

  /** Nothing to undo: the indexes belong to 1732780800000, whose down drops them. */
  async down(): Promise<void> {}
}
