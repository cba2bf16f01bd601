import { Injectable } from '@nestjs/common';
import type { DeliveryChannel, DeliveryStatus, NotificationKind, Perm } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { sendOnceOutbox } from '../queues/send-once';
import { NOTIFICATION_FAN_OUT } from './alert-deliveries.jobs';

/** A notification still to fan out. `user_id`: the one user it concerns, else everyone allowed. */
export interface NotificationToFanOut {
  id: string;
  kind: NotificationKind;
  user_id: number | null;
}

/** A user who chose channels for a kind, with their group's perms (null: no group). */
export interface Subscriber {
  user_id: number;
  perms: Perm[] | null;
  email: string | null;
  discord_url_enc: string | null;
  webhook_url: string | null;
  webhook_secret_enc: string | null;
  choices: Record<string, string[]>;
  /** The user's linked Telegram chat and the bot it was linked under, if any. */
  telegram_chat_id: string | null;
  telegram_bot_id: string | null;
}

/** A delivery with what its send needs: the notification and its user's current standing and destinations. */
export interface DeliveryRecord {
  id: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  send_key: string | null;
  user_id: number;
  kind: NotificationKind;
  title: string;
  text_body: string;
  notification_created_at: string;
  is_active: boolean;
  perms: Perm[] | null;
  email: string | null;
  discord_url_enc: string | null;
  webhook_url: string | null;
  webhook_secret_enc: string | null;
  choices: Record<string, string[]> | null;
  telegram_chat_id: string | null;
  telegram_bot_id: string | null;
}

/** Every statement on alert_deliveries, and the fan-out's reads of notifications and users' choices. */
@Injectable()
export class AlertDeliveriesRepository {
  private readonly sends = sendOnceOutbox('alert_deliveries');
  readonly claimSend = this.sends.claimSend;
  readonly markSent = this.sends.markSent;
  readonly markSkipped = this.sends.markSkipped;
  readonly recordFailedAttempt = this.sends.recordFailedAttempt;

  /** Notifications with a kind not yet fanned out, oldest first (the engine's among them: it publishes no job). */
  async waitingToFanOut(db: Db, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(db, `SELECT id::text FROM notifications WHERE ${NOTIFICATION_FAN_OUT.waiting} ORDER BY id LIMIT $1`, [limit]);
    return rows.map((r) => r.id);
  }

  /** Locks the notification while it is still to fan out; another run holding it is skipped, not waited for. */
  async lockToFanOut(db: Db, notificationId: string): Promise<NotificationToFanOut | undefined> {
    return firstRow(
      db,
      `SELECT id::text, kind, user_id FROM notifications WHERE id = $1 AND kind IS NOT NULL AND fanned_out_at IS NULL FOR UPDATE SKIP LOCKED`,
      [notificationId],
    );
  }

  /** Active users whose choices name the kind (only `userId` when given). */
  async subscribers(db: Db, kind: NotificationKind, userId: number | null): Promise<Subscriber[]> {
    return queryRows<Subscriber>(
      db,
      `SELECT c.user_id, g.perms, c.email, c.discord_url_enc, c.webhook_url, c.webhook_secret_enc, c.choices, tl.chat_id::text AS telegram_chat_id, tl.bot_id AS telegram_bot_id
         FROM user_alert_channels c JOIN users u ON u.id = c.user_id AND u.is_active LEFT JOIN groups g ON g.id = u.group_id
         LEFT JOIN telegram_links tl ON tl.user_id = c.user_id
        WHERE c.choices ? $1 AND ($2::int IS NULL OR c.user_id = $2)`,
      [kind, userId],
    );
  }

  /** The deliveries of a notification, once each (a second fan-out adds none); answers the new ids. */
  async add(db: Db, notificationId: string, deliveries: { userId: number; channel: DeliveryChannel }[]): Promise<string[]> {
    if (!deliveries.length) return [];
    const rows = await queryRows<{ id: string }>(
      db,
      `INSERT INTO alert_deliveries (notification_id, user_id, channel)
       SELECT $1, d.user_id, d.channel FROM jsonb_to_recordset($2::jsonb) AS d(user_id int, channel text)
       ON CONFLICT (notification_id, user_id, channel) DO NOTHING RETURNING id::text`,
      [notificationId, JSON.stringify(deliveries.map((d) => ({ user_id: d.userId, channel: d.channel })))],
    );
    return rows.map((r) => r.id);
  }

  async markFannedOut(db: Db, notificationId: string): Promise<void> {
    await db.query(`UPDATE notifications SET fanned_out_at = now() WHERE id = $1`, [notificationId]);
  }

  async find(db: Db, id: string): Promise<DeliveryRecord | undefined> {
    return firstRow(
      db,
      `SELECT d.id::text, d.channel, d.status, d.send_key, d.user_id, n.kind, n.title, n.text_body, n.created_at AS notification_created_at,
              u.is_active, g.perms, c.email, c.discord_url_enc, c.webhook_url, c.webhook_secret_enc, c.choices,
              tl.chat_id::text AS telegram_chat_id, tl.bot_id AS telegram_bot_id
         FROM alert_deliveries d
         JOIN notifications n ON n.id = d.notification_id
         JOIN users u ON u.id = d.user_id
         LEFT JOIN groups g ON g.id = u.group_id
         LEFT JOIN user_alert_channels c ON c.user_id = d.user_id
         LEFT JOIN telegram_links tl ON tl.user_id = d.user_id
        WHERE d.id = $1`,
      [id],
    );
  }
}
