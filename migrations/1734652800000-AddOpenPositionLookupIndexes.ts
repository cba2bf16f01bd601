import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two lookups of position administration that read every open position once there are many (120,371 in
 * the 10M-signal bench data):
 * - the lost positions tab (no state, not closed, newest first) found its few rows by scanning every open
 *   position: positions_lost_idx holds those rows alone;
 * - each page's "profiles on the pair" read the account and profile of every open position on the page's
 *   pairs from the table: positions_open_holders_idx answers it from the index.
 * No tick changes a column either index holds (ids, state, closed_at), so the engine's price and PnL
 * updates stay HOT. Built without blocking writes; a failed build leaves an invalid index, which a rerun drops and
 * builds again.
 */
export class AddOpenPositionLookupIndexes1734652800000 implements MigrationInterface {
  name = 'AddOpenPositionLookupIndexes1734652800000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS positions_lost_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY positions_lost_idx ON positions (id DESC) WHERE closed_at IS NULL AND state IS NULL`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS positions_open_holders_idx`);
    await q.query(
      `CREATE INDEX CONCURRENTLY positions_open_holders_idx ON positions (pair_id, exchange_account_id, profile_id) WHERE closed_at IS NULL AND profile_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS positions_open_holders_idx`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS positions_lost_idx`);
  }
}
