import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The logs filters combine (Type + Pair, Type + Profile, Pair + Profile). With one index per filter, a
 * combined first page walked the index of one filter and threw most rows away: ~200-350 ms at
 * 5 million rows (docs/benchmarks.md). These serve each pair of filters in id order.
 * Built CONCURRENTLY (outside a transaction) so a large live log table keeps taking writes meanwhile.
 */
export class AddLogsCombinedFilterIndexes1732780800000 implements MigrationInterface {
  name = 'AddLogsCombinedFilterIndexes1732780800000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS logs_pair_id_type_id_idx ON logs (pair_id, type, id DESC) WHERE pair_id IS NOT NULL`);
    await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS logs_profile_id_type_id_idx ON logs (profile_id, type, id DESC) WHERE profile_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS logs_pair_id_profile_id_id_idx ON logs (pair_id, profile_id, id DESC) WHERE pair_id IS NOT NULL AND profile_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS logs_pair_id_profile_id_id_idx`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS logs_profile_id_type_id_idx`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS logs_pair_id_type_id_idx`);
  }
}
