import { Injectable } from '@nestjs/common';
import { type EngineCommandStatus, ID_LIST_MAX, TELEGRAM_CHAT_LIMITS } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';

/** What an acting command does once confirmed; stored with its confirmation. */
export type ConfirmedAction =
  | { kind: 'bot'; status: 'enabled' | 'disabled' }
  | { kind: 'close'; signalId: number }
  /** The count of positions when asked (the question's text); those open when confirmed are closed. */
  | { kind: 'closeall'; count: number }
  | { kind: 'start'; profileId: number }
  | { kind: 'stop'; profileId: number };

export interface WaitingConfirmation {
  id: string;
  user_id: number;
  chat_id: string;
  message_id: string;
  action: ConfirmedAction;
  command_id: string;
  /** `/closeall`'s commands in the order sent (command_id is the first); null for a single command. */
  command_ids: string[] | null;
}

/** One close command's outcome, with the signal whose position it closes. */
export interface CloseResult {
  signal_id: string | null;
  status: EngineCommandStatus;
  error: string | null;
}

/** Every statement on telegram_poll_state (the poller's lease and offset) and telegram_confirmations. */
@Injectable()
export class TelegramChatRepository {
  /**
   * Takes or renews the poller's lease: free, expired or already ours. Answers the offset and the bot it
   * belongs to, or undefined while another worker holds the lease.
   */
  async takeLease(db: Db, owner: string, leaseMs: number): Promise<{ bot_id: string | null; update_offset: string; webhook_url: string | null } | undefined> {
    return firstRow(
      db,
      `UPDATE telegram_poll_state SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE lease_owner IS NULL OR lease_owner = $1 OR lease_until < now()
        RETURNING bot_id, update_offset::text, webhook_url`,
      [owner, leaseMs],
    );
  }

  /** Moves the offset past an update, only while the lease is still ours: false when it is not. */
  async advance(db: Db, owner: string, botId: string, offset: number): Promise<boolean> {
    const rows = await queryRows(
      db,
      `UPDATE telegram_poll_state SET update_offset = $3, bot_id = $2 WHERE lease_owner = $1 AND lease_until > now() RETURNING singleton`,
      [owner, botId, offset],
    );
    return rows.length > 0;
  }

  /** The webhook set for the bot, while the lease is ours. */
  async markWebhook(db: Db, owner: string, botId: string, url: string): Promise<void> {
    await db.query(`UPDATE telegram_poll_state SET bot_id = $2, webhook_url = $3, update_offset = 0 WHERE lease_owner = $1`, [owner, botId, url]);
  }

  /** The webhook deleted (long polling again), while the lease is ours. */
  async clearWebhook(db: Db, owner: string): Promise<void> {
    await db.query(`UPDATE telegram_poll_state SET webhook_url = NULL WHERE lease_owner = $1`, [owner]);
  }

  /** A posted update, once (Telegram retries a post it did not see answered). */
  async addUpdate(db: Db, botId: string, updateId: number, payload: Record<string, unknown>): Promise<void> {
    await db.query(`INSERT INTO telegram_updates (bot_id, update_id, payload) VALUES ($1, $2, $3) ON CONFLICT (bot_id, update_id) DO NOTHING`, [
      botId,
      updateId,
      JSON.stringify(payload),
    ]);
  }

  /** Takes the bot's waiting updates, marked handled before they are (as the offset moves first in polling). */
  async takeUpdates(db: Db, botId: string, limit: number): Promise<{ id: string; payload: Record<string, unknown> }[]> {
    const rows = await queryRows<{ id: string; payload: Record<string, unknown> }>(
      db,
      `UPDATE telegram_updates SET handled_at = now()
        WHERE id IN (SELECT id FROM telegram_updates WHERE bot_id = $1 AND handled_at IS NULL ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING id::text, payload`,
      [botId, limit],
    );
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  async releaseLease(db: Db, owner: string): Promise<void> {
    await db.query(`UPDATE telegram_poll_state SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`, [owner]);
  }

  async addConfirmation(db: Db, userId: number, chatId: string, action: ConfirmedAction): Promise<string> {
    const [row] = await queryRows<{ id: string }>(db, `INSERT INTO telegram_confirmations (user_id, chat_id, action) VALUES ($1, $2, $3) RETURNING id::text`, [
      userId,
      chatId,
      JSON.stringify(action),
    ]);
    return row.id;
  }

  async setMessage(db: Db, id: string, messageId: number): Promise<void> {
    await db.query(`UPDATE telegram_confirmations SET message_id = $2 WHERE id = $1`, [id, messageId]);
  }

  /** Uses a confirmation once: its user's, from its chat, within its time. */
  async use(db: Db, id: string, userId: number, chatId: string): Promise<{ action: ConfirmedAction; message_id: string } | undefined> {
    return firstRow(
      db,
      `UPDATE telegram_confirmations SET used_at = now()
        WHERE id = $1 AND user_id = $2 AND chat_id = $3 AND used_at IS NULL AND created_at > now() - make_interval(secs => $4)
        RETURNING action, message_id::text`,
      [id, userId, chatId, TELEGRAM_CHAT_LIMITS.confirmationTtlSeconds],
    );
  }

  /** The engine command the confirmation became; its result is edited into the message when it ends. */
  async setCommand(db: Db, id: string, commandId: string): Promise<void> {
    await db.query(`UPDATE telegram_confirmations SET command_id = $2 WHERE id = $1`, [id, commandId]);
  }

  /** `/closeall`'s commands: the first is command_id, so the confirmation waits for the engine like the others. */
  async setCommands(db: Db, id: string, commandIds: readonly string[]): Promise<void> {
    await db.query(`UPDATE telegram_confirmations SET command_id = $2, command_ids = $3 WHERE id = $1`, [id, commandIds[0], JSON.stringify(commandIds)]);
  }

  /** The close commands' outcomes in the order given, each with its position's signal. */
  async closeResults(db: Db, commandIds: readonly string[]): Promise<CloseResult[]> {
    const rows = await queryRows<CloseResult & { id: string }>(
      db,
      `SELECT c.id::text, p.signal_id::text, c.status, c.error FROM engine_commands c LEFT JOIN positions p ON p.id = c.target_id WHERE c.id = ANY($1::bigint[])`,
      [commandIds],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return commandIds.map((id) => byId.get(id) ?? { signal_id: null, status: 'failed', error: 'unknown' });
  }

  async markAnswered(db: Db, id: string): Promise<void> {
    await db.query(`UPDATE telegram_confirmations SET answered_at = now() WHERE id = $1`, [id]);
  }

  /**
   * The signals within `scope` (the close right's row scope) whose position is open and takes a close at
   * market now, at most ID_LIST_MAX (a bulk close's limit), oldest first.
   */
  async signalsWithOpenPosition(db: Db, scope: readonly string[]): Promise<number[]> {
    const where = ['pos.closed_at IS NULL', `pos.state = 'open'`, ...scope].map((c) => `(${c})`).join(' AND ');
    const rows = await queryRows<{ id: string }>(
      db,
      `SELECT signals.id::text FROM signals JOIN positions pos ON pos.signal_id = signals.id WHERE ${where} ORDER BY signals.id LIMIT $1`,
      [ID_LIST_MAX],
    );
    return rows.map((r) => Number(r.id));
  }

  async waitingForEngine(db: Db): Promise<WaitingConfirmation[]> {
    return queryRows(
      db,
      `SELECT id::text, user_id, chat_id::text, message_id::text, action, command_id::text, command_ids FROM telegram_confirmations
        WHERE command_id IS NOT NULL AND answered_at IS NULL ORDER BY created_at LIMIT 100`,
    );
  }
}
