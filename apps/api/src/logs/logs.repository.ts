import { Injectable } from '@nestjs/common';
import type { LogEntry } from '@console/contracts';
import type { Db } from '../common/database/sql';
import { currentRequestId } from '../common/http/request-context';

/** A log row as written: the entry's columns, who did it, and log_data already masked. */
export type LogRow = Pick<LogEntry, 'type' | 'event_type'> &
  Partial<Pick<LogEntry, 'signal_id' | 'pair_id' | 'pair_name' | 'profile_id' | 'profile_title' | 'order_id' | 'log_data'>> & {
    user_id?: number | null;
    /** The request behind the row; by default the one being served, if any. */
    request_id?: string | null;
  };

/** The statements that write `logs` (one row, many rows); only AuditService calls them, after masking secrets. Reads are list declarations. */
@Injectable()
export class LogsRepository {
  async insert(db: Db, row: LogRow): Promise<void> {
    await db.query(
      `INSERT INTO logs (type, event_type, user_id, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
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
        row.request_id ?? currentRequestId() ?? null,
      ],
    );
  }

  /** Several rows in one statement (a bulk action's audit). */
  async insertMany(db: Db, rows: readonly LogRow[]): Promise<void> {
    if (!rows.length) return;
    const column = <K extends keyof LogRow>(key: K) => rows.map((row) => row[key] ?? null);
    await db.query(
      `INSERT INTO logs (type, event_type, user_id, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data, request_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[], $5::int[], $6::text[], $7::int[], $8::text[], $9::bigint[], $10::jsonb[], $11::text[])`,
      [
        column('type'),
        column('event_type'),
        column('user_id'),
        column('signal_id'),
        column('pair_id'),
        column('pair_name'),
        column('profile_id'),
        column('profile_title'),
        column('order_id'),
        rows.map((row) => JSON.stringify(row.log_data ?? {})),
        rows.map((row) => row.request_id ?? currentRequestId() ?? null),
      ],
    );
  }
}
