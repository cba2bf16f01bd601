import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LogEntry } from '@console/contracts';
import { currentAuditContext } from './audit-context';

/** A row to write: type and event, the rest of a log entry as it applies, and who did it. */
type LogInput = Pick<LogEntry, 'type' | 'event_type'> &
  Partial<Pick<LogEntry, 'signal_id' | 'pair_id' | 'pair_name' | 'profile_id' | 'profile_title' | 'order_id' | 'log_data'>> & { user_id?: number | null };

const SECRET_KEY = /pass(word)?|secret|token|code|api_key|totp|hash/i;
export const MASK = '***';

/** Replaces every value whose key names a secret, at any depth, so no log row ever holds one. */
function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEY.test(k) && v != null ? MASK : maskSecrets(v)]),
    );
  }
  return value;
}

/** Writes log rows. Pass the transaction's manager so the row commits (or not) with the change it records. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async write(entry: LogInput, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO logs (type, event_type, user_id, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
      [
        entry.type,
        entry.event_type,
        entry.user_id ?? null,
        entry.signal_id ?? null,
        entry.pair_id ?? null,
        entry.pair_name ?? null,
        entry.profile_id ?? null,
        entry.profile_title ?? null,
        entry.order_id ?? null,
        JSON.stringify(maskSecrets(entry.log_data ?? {})),
      ],
    );
    if (entry.type === 'user') {
      const context = currentAuditContext();
      if (context) context.rows += 1;
    }
  }
}
