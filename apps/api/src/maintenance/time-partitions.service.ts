import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { TIME_PARTITIONED, TimePartitionedTable, TimePartitionsRepository } from './time-partitions.repository';

const DAY_MS = 24 * 3_600_000;

/** What one run did to a table: month partitions made (ahead, or for rows the default caught) and dropped. */
export interface TablePartitionsRun {
  made: number;
  dropped: string[];
}

/**
 * Keeps the month partitions of the time-partitioned tables: months the default partition caught rows
 * of get their partition (the rows move in), the current month and `partitionMonthsAhead` more exist,
 * and with a retention of N days a month is detached and dropped once its last instant is N days old
 * (so rows live N days at least, at most a month more). Retention 0 keeps every month.
 */
@Injectable()
export class TimePartitionsService {
  private readonly logger = new Logger('TimePartitions');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly partitions: TimePartitionsRepository,
  ) {}

  /** Retention in days per table (0: forever). */
  retentionDays(table: TimePartitionedTable): number {
    return table === 'logs' ? this.config.logsRetentionDays : this.config.accountMetricsRetentionDays;
  }

  /** One pass over every table; a table that fails (a lock not had in time) does not stop the others. */
  async maintain(now: Date = new Date()): Promise<Record<TimePartitionedTable, TablePartitionsRun>> {
    const runs = {} as Record<TimePartitionedTable, TablePartitionsRun>;
    const failures: string[] = [];
    for (const table of Object.keys(TIME_PARTITIONED) as TimePartitionedTable[]) {
      try {
        runs[table] = await this.maintainTable(table, now);
      } catch (error) {
        failures.push(`${table}: ${(error as Error).message}`);
      }
    }
    if (failures.length) throw new Error(`partition maintenance failed for ${failures.join('; ')}`);
    return runs;
  }

  private async maintainTable(table: TimePartitionedTable, now: Date): Promise<TablePartitionsRun> {
    let made = 0;
    for (const month of await this.partitions.monthsInDefault(this.dataSource, table)) {
      made += await this.partitions.ensureMonths(this.dataSource, table, month, month);
    }
    const lastAhead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + this.config.partitionMonthsAhead, 1));
    made += await this.partitions.ensureMonths(this.dataSource, table, now, lastAhead);

    const dropped: string[] = [];
    const days = this.retentionDays(table);
    if (days > 0) {
      const cutoff = now.getTime() - days * DAY_MS;
      for (const month of await this.partitions.months(this.dataSource, table)) {
        if (month.to.getTime() > cutoff) break;
        if (await this.partitions.dropMonth(this.dataSource, table, month.name)) dropped.push(month.name);
      }
    }
    if (made || dropped.length) this.logger.log(`${table}: made ${made} month partition(s), dropped [${dropped.join(', ')}]`);
    return { made, dropped };
  }
}
