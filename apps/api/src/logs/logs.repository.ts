import { Injectable } from '@nestjs/common';
import type { LogEntry } from '@console/contracts';
import type { Db } from '../common/database/sql';

/** A log row as written: the entry's columns, who did it, and log_data already masked. */
export type LogRow = Pick<LogEntry, 'type' | 'event_type'> &
  Partial<Pick<LogEntry, 'signal_id' | 'pair_id' | 'pair_name' | 'profile_id' | 'profile_title' | 'order_id' | 'log_data'>> & { user_id?: number | null };

/** The one statement that writes `logs`; only AuditService calls it, after masking secrets. Reads are list declarations. */
@Injectable()
export class LogsRepository {
  async insert(db: Db, row: LogRow): Promise<void> {
    await db.query(
      `INSERT INTO logs (type, event_type, user_id, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
      [
        row.type,
        row.event_type,
        row.user_id ?? null,
        row.signal_id ?? null,
        row.pair_id ?? null,
        row.pair_name ?? null,
        row.profile_id ?? null,
        row.profile_title ?? null,
        row.order_id ?? null,
        JSON.stringify(row.log_data ?? {}),
      ],
    );
  }
}
