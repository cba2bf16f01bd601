/** The month partitions of the tables the engine writes by time (migration 1734220800000). */
import type { Db } from '../db';
import { iso } from '../db';

const TIME_PARTITIONED = ['logs', 'account_metrics'] as const;

/**
 * Makes the month partitions of logs and account_metrics from `from` to `to` that are missing, so that a
 * history run's rows of past months land in their month and not in the default partition (from which
 * the maintenance job would have to move them). Each table in a statement of its own: a partition is
 * attached under a short lock of its table, taken outside the minute transactions.
 */
export async function ensureMonthPartitions(db: Db, from: number, to: number): Promise<void> {
  for (const table of TIME_PARTITIONED) await db.query(`SELECT ensure_month_partitions($1::regclass, $2, $3)`, [table, iso(from), iso(to)]);
}
