import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { queryRows, type Db } from '../common/database/sql';

/** The tables partitioned by month (migration 1734220800000) and the time column of each. */
export const TIME_PARTITIONED = { logs: 'created_at', account_metrics: 'at' } as const;
export type TimePartitionedTable = keyof typeof TIME_PARTITIONED;

/** One month partition of a table: its name and the instants it holds, from (inclusive) to (exclusive). */
export interface MonthPartition {
  name: string;
  from: Date;
  to: Date;
}

/** How long a partition change may wait for the table's lock before it gives up until the next run. */
const LOCK_TIMEOUT = '10s';

/**
 * The statements on the month partitions of a table (migration 1734220800000 made the tables and the
 * SQL functions that make a month): months made ahead, months the default partition caught, old
 * months detached and dropped.
 */
@Injectable()
export class TimePartitionsRepository {
  /** Makes the month partitions from `from` to `to` that are missing; answers how many it made. */
  async ensureMonths(db: DataSource, table: TimePartitionedTable, from: Date, to: Date): Promise<number> {
    return db.transaction(async (m) => {
      await m.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const [{ made }] = await queryRows<{ made: number }>(m, `SELECT ensure_month_partitions($1::regclass, $2, $3) AS made`, [table, from, to]);
      return made;
    });
  }

  /** The months that rows in the default partition belong to (rows written before their month had a partition). */
  async monthsInDefault(db: Db, table: TimePartitionedTable): Promise<Date[]> {
    const rows = await queryRows<{ month: Date }>(
      db,
      `SELECT DISTINCT date_trunc('month', ${TIME_PARTITIONED[table]}, 'UTC') AS month FROM ${table}_default ORDER BY 1`,
    );
    return rows.map((r) => r.month);
  }

  /** The table's month partitions, oldest first (the default partition is not one). */
  async months(db: Db, table: TimePartitionedTable): Promise<MonthPartition[]> {
    return queryRows<MonthPartition>(
      db,
      `SELECT c.relname AS name,
              substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \\(''([^'']+)''\\)')::timestamptz AS "from",
              substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \\(''([^'']+)''\\)')::timestamptz AS "to"
         FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = $1::regclass AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
        ORDER BY 2`,
      [table],
    );
  }

  /**
   * Detaches and drops one month partition, in one transaction under the lock that makers of months
   * take too; answers false when another worker dropped it first.
   */
  async dropMonth(db: DataSource, table: TimePartitionedTable, partition: string): Promise<boolean> {
    return db.transaction(async (m) => {
      await m.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('month_partitions'), hashtext(current_schema() || '.' || $1))`, [table]);
      const [attached] = await queryRows(
        m,
        `SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass AND c.relname = $2`,
        [table, partition],
      );
      if (!attached) return false;
      await m.query(`ALTER TABLE ${table} DETACH PARTITION ${partition}`);
      await m.query(`DROP TABLE ${partition}`);
      return true;
    });
  }
}
