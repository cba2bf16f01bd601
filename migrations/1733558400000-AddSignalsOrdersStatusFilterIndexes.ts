import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signals and orders lists combine a status with a profile or a pair. With one index per filter a
 * combined first page walked the profile's (or pair's) rows newest first and threw away every other
 * status: a rare status, or none at all, read all of that profile's rows. These serve each pair in
 * (created_at DESC, id DESC) order, the lists' order. Built CONCURRENTLY (outside a transaction) so the
 * big tables keep taking writes; an invalid leftover of a failed build is dropped and built again.
 */
const INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['signals_profile_id_status_created_at_idx', `ON signals (profile_id, status, created_at DESC, id DESC)`],
  ['signals_pair_id_status_created_at_idx', `ON signals (pair_id, status, created_at DESC, id DESC)`],
  ['orders_profile_id_status_created_at_idx', `ON orders (profile_id, status, created_at DESC, id DESC)`],
  ['orders_pair_id_status_created_at_idx', `ON orders (pair_id, status, created_at DESC, id DESC)`],
];

export class AddSignalsOrdersStatusFilterIndexes1733558400000 implements MigrationInterface {
  name = 'AddSignalsOrdersStatusFilterIndexes1733558400000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) {
      const invalid: unknown[] = await q.query(
        `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace AND NOT i.indisvalid`,
        [name],
      );
      if (invalid.length) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ${definition}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of [...INDEXES].reverse()) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
  }
}
