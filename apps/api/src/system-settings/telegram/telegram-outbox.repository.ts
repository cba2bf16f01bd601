import { Injectable } from '@nestjs/common';
import { type Db, firstRow, queryRows } from '../../common/database/sql';
import type { TelegramBot } from './telegram.jobs';

/** A message waiting for (or done with) its send. */
export interface OutboxRecord {
  id: string;
  notification_id: string | null;
  bot: TelegramBot;
  text: string;
  status: string;
  send_key: string | null;
}

/**
 * Every statement on `telegram_outbox` but the sweep (queues/outbox.ts reads every outbox alike). A failed
 * attempt only counts on a row still pending: a run that took over after another stalled may have
 * settled it already; a send that did go through is recorded as sent whatever happened meanwhile.
 */
@Injectable()
export class TelegramOutboxRepository {
  /** A row to send later, in the caller's transaction; answers its id. */
  async add(db: Db, message: { bot: TelegramBot; text: string; notificationId?: string }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(db, `INSERT INTO telegram_outbox (notification_id, bot, text) VALUES ($1, $2, $3) RETURNING id::text`, [
      message.notificationId ?? null,
      message.bot,
      message.text,
    ]);
    return row.id;
  }

  async find(db: Db, id: string): Promise<OutboxRecord | undefined> {
    return firstRow(db, `SELECT id::text, notification_id::text, bot, text, status, send_key FROM telegram_outbox WHERE id = $1`, [id]);
  }

  /** Writes the attempt's key before the request leaves; false when another run has the row or it is settled. */
  async claimSend(db: Db, id: string, key: string): Promise<boolean> {
    const claimed = await queryRows(
      db,
      `UPDATE telegram_outbox SET send_key = $2, send_started_at = now() WHERE id = $1 AND status = 'pending' AND send_key IS DISTINCT FROM $2 RETURNING 1`,
      [id, key],
    );
    return claimed.length > 0;
  }

  async markSent(db: Db, id: string): Promise<void> {
    await db.query(`UPDATE telegram_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [id]);
  }

  async markSkipped(db: Db, id: string, reason: string): Promise<void> {
    await db.query(`UPDATE telegram_outbox SET status = 'skipped', last_error = $2 WHERE id = $1`, [id, reason]);
  }

  /** Counts a failed attempt; the row stays pending for a retry unless `final`. */
  async recordFailedAttempt(db: Db, id: string, error: string, final: boolean): Promise<void> {
    await db.query(`UPDATE telegram_outbox SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1 AND status = 'pending'`, [
      id,
      error,
      final ? 'failed' : 'pending',
    ]);
  }
}
