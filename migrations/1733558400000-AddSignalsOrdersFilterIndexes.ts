import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signals and orders lists combine a status with a profile or a pair, and a profile with a pair.
 * With one index per filter a combined first page walked the profile's (or pair's) rows newest first
 * and threw away the rest: a rare status, or none at all, read all of that profile's rows, and profile
 * with pair ANDed two bitmaps (~40 ms at 1M signals). These serve each combination in
 * (created_at DESC, id DESC) order, the lists' order. A profile trades only the pairs of its ticker list,
 * so the planner's independent guess for profile AND pair is far too low (~150 rows for 1,300 at 1M
 * signals) and it read every matching row to sort them; statistics over the pair of columns (a
 * combination list of up to 1,000 entries) let it walk the index in order instead. Built CONCURRENTLY
 * (outside a transaction) so the big tables keep taking writes; an invalid leftover of a failed build
 * is dropped and built again.
 */
const INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['signals_profile_id_status_created_at_idx', `ON signals (profile_id, status, created_at DESC, id DESC)`],
  ['signals_pair_id_status_created_at_idx', `ON signals (pair_id, status, created_at DESC, id DESC)`],
  ['signals_profile_id_pair_id_created_at_idx', `ON signals (profile_id, pair_id, created_at DESC, id DESC)`],
  ['orders_profile_id_status_created_at_idx', `ON orders (profile_id, status, created_at DESC, id DESC)`],
  ['orders_pair_id_status_created_at_idx', `ON orders (pair_id, status, created_at DESC, id DESC)`],
  ['orders_profile_id_pair_id_created_at_idx', `ON orders (profile_id, pair_id, created_at DESC, id DESC)`],
];

export class AddSignalsOrdersFilterIndexes1733558400000 implements MigrationInterface {
  name = 'AddSignalsOrdersFilterIndexes1733558400000';
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
    for (const table of ['signals', 'orders']) {
      await q.query(`CREATE STATISTICS IF NOT EXISTS ${table}_profile_id_pair_id_stats (dependencies, mcv) ON profile_id, pair_id FROM ${table}`);
      await q.query(`ALTER STATISTICS ${table}_profile_id_pair_id_stats SET STATISTICS 1000`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['orders', 'signals']) await q.query(`DROP STATISTICS IF EXISTS ${table}_profile_id_pair_id_stats`);
    for (const [name] of [...INDEXES].reverse()) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
  }
}
