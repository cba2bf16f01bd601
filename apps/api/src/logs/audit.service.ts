import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LogEntry } from '@console/contracts';
import { currentRequestContext } from '../common/http/request-context';
import { currentAuditContext } from './audit-context';
import { LogRow, LogsRepository } from './logs.repository';

/** A row to write: type and event, the rest of a log entry as it applies, and who did it. */
type LogInput = LogRow;

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

/**
 * A row's data, masked; a user's action taken through a personal API token names the token, one sent
 * from their linked Telegram chat names the chat (`credential`), so the trail tells them from clicks.
 */
function logDataOf(entry: LogInput): LogEntry['log_data'] {
  const data = maskSecrets(entry.log_data ?? {}) as LogEntry['log_data'];
  const caller = currentRequestContext()?.caller;
  const credential = caller?.apiToken
    ? { kind: 'api_token', id: caller.apiToken.id, name: caller.apiToken.name }
    : caller?.telegramChatId
      ? { kind: 'telegram', chat_id: caller.telegramChatId }
      : null;
  if (entry.type !== 'user' || !credential || !data || typeof data !== 'object' || Array.isArray(data)) return data;
  return { ...data, credential } as LogEntry['log_data'];
}

/** Writes log rows. Pass the transaction's manager so the row commits (or not) with the change it records. */
@Injectable()
export class AuditService {
  private readonly logs = new LogsRepository();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async write(entry: LogInput, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await this.logs.insert(manager, { ...entry, log_data: logDataOf(entry) });
    if (entry.type === 'user') {
      const context = currentAuditContext();
      if (context) context.rows += 1;
    }
  }

  /** Several rows in one statement, as `write` would write each. */
  async writeMany(entries: readonly LogInput[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    await this.logs.insertMany(
      manager,
      entries.map((entry) => ({ ...entry, log_data: logDataOf(entry) })),
    );
    const context = currentAuditContext();
    if (context) context.rows += entries.filter((entry) => entry.type === 'user').length;
  }
}
