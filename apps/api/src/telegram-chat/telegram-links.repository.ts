import { Injectable } from '@nestjs/common';
import { TELEGRAM_CHAT_LIMITS, type Perm } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';

/** A linked chat's user as they stand now: an inactive user's chat answers as unknown. */
export interface ChatUser {
  user_id: number;
  email: string;
  group_id: number | null;
  group_name: string | null;
  perms: Perm[] | null;
}

export interface LinkRow {
  linked_at: string;
  bot_id: string;
}

/** Every statement on telegram_links and telegram_link_codes. */
@Injectable()
export class TelegramLinksRepository {
  /** A new code for the user, replacing any earlier one. */
  async putCode(db: Db, userId: number, code: string): Promise<{ expires_at: string }> {
    const [row] = await queryRows<{ expires_at: Date }>(
      db,
      `INSERT INTO telegram_link_codes (user_id, code, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (user_id) DO UPDATE SET code = EXCLUDED.code, expires_at = EXCLUDED.expires_at RETURNING expires_at`,
      [userId, code, TELEGRAM_CHAT_LIMITS.linkCodeTtlSeconds],
    );
    return { expires_at: new Date(row.expires_at).toISOString() };
  }

  /** Spends a code still valid whose user is active: answers the user, the code is gone either way. */
  async spendCode(db: Db, code: string): Promise<{ user_id: number; email: string } | undefined> {
    return firstRow(
      db,
      `WITH spent AS (DELETE FROM telegram_link_codes WHERE code = $1 RETURNING user_id, expires_at)
       SELECT u.id AS user_id, u.email FROM spent JOIN users u ON u.id = spent.user_id AND u.is_active WHERE spent.expires_at > now()`,
      [code],
    );
  }

  /** Links the chat to the user under the bot: the user's earlier chat and the chat's earlier user are unlinked. */
  async link(db: Db, userId: number, botId: string, chatId: string): Promise<void> {
    await db.query(`DELETE FROM telegram_links WHERE (bot_id = $1 AND chat_id = $2) AND user_id <> $3`, [botId, chatId, userId]);
    await db.query(
      `INSERT INTO telegram_links (user_id, bot_id, chat_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET bot_id = EXCLUDED.bot_id, chat_id = EXCLUDED.chat_id, linked_at = now()`,
      [userId, botId, chatId],
    );
  }

  async linkOf(db: Db, userId: number): Promise<LinkRow | undefined> {
    return firstRow(db, `SELECT linked_at, bot_id FROM telegram_links WHERE user_id = $1`, [userId]);
  }

  /** Unlinks the user's chat and drops their waiting code; answers whether a chat was linked. */
  async unlink(db: Db, userId: number): Promise<boolean> {
    await db.query(`DELETE FROM telegram_link_codes WHERE user_id = $1`, [userId]);
    const rows = await queryRows(db, `DELETE FROM telegram_links WHERE user_id = $1 RETURNING user_id`, [userId]);
    return rows.length > 0;
  }

  /** The active user linked to the chat under this bot, with their group's perms. */
  async userOfChat(db: Db, botId: string, chatId: string): Promise<ChatUser | undefined> {
    return firstRow(
      db,
      `SELECT u.id AS user_id, u.email, u.group_id, g.name AS group_name, g.perms
         FROM telegram_links l JOIN users u ON u.id = l.user_id AND u.is_active LEFT JOIN groups g ON g.id = u.group_id
        WHERE l.bot_id = $1 AND l.chat_id = $2`,
      [botId, chatId],
    );
  }
}
