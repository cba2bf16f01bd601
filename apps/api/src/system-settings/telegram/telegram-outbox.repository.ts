import { Injectable } from '@nestjs/common';
import { type Db, firstRow, queryRows } from '../../common/database/sql';
import type { TelegramBot } from './telegram.jobs';
import { sendOnceOutbox } from '../../queues/send-once';

/** A message waiting for (or done with) its send. */
export interface OutboxRecord {
  id: string;
  notification_id: string | null;
  bot: TelegramBot;
  text: string;
  status: string;
  send_key: string | null;
}

/** Every statement on `telegram_outbox` but the sweep (queues/outbox.ts reads every outbox alike); the send states are queues/send-once.ts'. */
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

  private readonly sends = sendOnceOutbox('telegram_outbox');
  readonly claimSend = this.sends.claimSend;
  readonly markSent = this.sends.markSent;
  readonly markSkipped = this.sends.markSkipped;
  readonly recordFailedAttempt = this.sends.recordFailedAttempt;
}
