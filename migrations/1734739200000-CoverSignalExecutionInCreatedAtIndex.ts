import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signals list's "unfilled only" filter (execution = 0) matches about half of the signals, so its pages
 * walk signals_created_at_idx; a page opened by number deep in it read every skipped row from the table to
 * test its execution: 1.5 s at offset 1,000,000 of 10M signals. With the execution carried in the index
 * beside the status, the walk tests both in the index alone. The engine changes a signal's execution only
 * when an order fills, which changes its status too as often as not (the status is in the index already),
 * so the price and PnL updates of every tick stay HOT. Built beside the old index and renamed to its name,
 * without blocking writes; a failed build leaves an invalid `_covering` index, which a rerun drops and
 * builds again.
 */
export class CoverSignalExecutionInCreatedAtIndex1734739200000 implements MigrationInterface {
  name = 'CoverSignalExecutionInCreatedAtIndex1734739200000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS signals_created_at_covering_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY signals_created_at_covering_idx ON signals (created_at DESC, id DESC) INCLUDE (status, execution)`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS signals_created_at_idx`);
    await q.query(`ALTER INDEX signals_created_at_covering_idx RENAME TO signals_created_at_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS signals_created_at_status_idx`);
    await q.query(`CREATE INDEX CONCURRENTLY signals_created_at_status_idx ON signals (created_at DESC, id DESC) INCLUDE (status)`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS signals_created_at_idx`);
    await q.query(`ALTER INDEX signals_created_at_status_idx RENAME TO signals_created_at_idx`);
  }
}
