import { Injectable } from '@nestjs/common';
import type { EngineCommandKind, EngineCommandState, EngineCommandTarget } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { ENGINE_TARGET_TABLES, targetWhere } from './engine-targets';
import type { EngineCommand } from './trading-engine';

/** What an Idempotency-Key was first used for. */
export interface KeyedCommand {
  id: string;
  kind: string;
  target_type: string;
  target_id: string | null;
}

const STATE_COLUMNS = `c.id::text, c.kind, c.target_type, c.target_id::text, c.status, c.error, c.created_at, c.completed_at`;

/** The id parameter of a statement on a target (`targetWhere`): none for the bot's one status row. */
function targetParams(targetId: string | null): unknown[] {
  return targetId === null ? [] : [targetId];
}

/**
 * Every statement on `engine_commands`, and the two a command makes on its target row: the lock while
 * it is submitted and the action_state the screens show.
 */
@Injectable()
export class EngineCommandsRepository {
  async byKey(db: Db, key: string): Promise<KeyedCommand | undefined> {
    return firstRow(db, `SELECT id::text, kind, target_type, target_id::text FROM engine_commands WHERE idempotency_key = $1`, [key]);
  }

  /** Locks the target row until the transaction ends; undefined when it does not exist. */
  async lockTarget(db: Db, target: EngineCommandTarget, targetId: string | null): Promise<Record<string, unknown> | undefined> {
    return firstRow(db, `SELECT * FROM ${ENGINE_TARGET_TABLES[target].table} WHERE ${targetWhere(target)} FOR UPDATE`, targetParams(targetId));
  }

  /** The newest pending command of this kind on the target, if any. */
  async pendingFor(db: Db, target: EngineCommandTarget, targetId: string | null, kind: EngineCommandKind): Promise<string | undefined> {
    const row = await firstRow<{ id: string }>(
      db,
      `SELECT id::text FROM engine_commands WHERE target_type = $1 AND target_id IS NOT DISTINCT FROM $2 AND kind = $3 AND status = 'pending' ORDER BY id DESC LIMIT 1`,
      [target, targetId, kind],
    );
    return row?.id;
  }

  /** Answers the new command's id, or undefined when its idempotency key is taken. */
  async insert(
    db: Db,
    command: { kind: EngineCommandKind; target: EngineCommandTarget; targetId: string | null; payload: Record<string, unknown>; idempotencyKey: string; requestedBy: number },
  ): Promise<string | undefined> {
    const [row] = await queryRows<{ id: string }>(
      db,
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key, requested_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id::text`,
      [command.kind, command.target, command.targetId, JSON.stringify(command.payload), command.idempotencyKey, command.requestedBy],
    );
    return row?.id;
  }

  /** Sets the target's action_state, for targets that show one. */
  async setActionState(db: Db, target: EngineCommandTarget, targetId: string | null, state: string): Promise<void> {
    if (!ENGINE_TARGET_TABLES[target].actionState) return;
    const params = [...targetParams(targetId), state];
    await db.query(`UPDATE ${ENGINE_TARGET_TABLES[target].table} SET action_state = $${params.length} WHERE ${targetWhere(target)}`, params);
  }

  /** The command as the SPA follows it, with its target's action_state. */
  async state(db: Db, id: string): Promise<EngineCommandState | null> {
    const command = await firstRow<Omit<EngineCommandState, 'action_state'>>(db, `SELECT ${STATE_COLUMNS} FROM engine_commands c WHERE c.id = $1`, [id]);
    if (!command) return null;
    const target = ENGINE_TARGET_TABLES[command.target_type];
    if (!target.actionState) return { ...command, action_state: null };
    const row = await firstRow<{ action_state: EngineCommandState['action_state'] }>(
      db,
      `SELECT action_state FROM ${target.table} WHERE ${targetWhere(command.target_type)}`,
      targetParams(command.target_id),
    );
    return { ...command, action_state: row?.action_state ?? null };
  }

  /** What the engine runs, with the command's status; the first read also records when it was picked up. */
  async takeForRun(db: Db, id: string): Promise<(EngineCommand & { status: string }) | undefined> {
    const command = await firstRow<EngineCommand & { status: string }>(db, `SELECT id::text, kind, target_type, target_id::text, payload, status FROM engine_commands WHERE id = $1`, [id]);
    if (command?.status === 'pending') await db.query(`UPDATE engine_commands SET published_at = coalesce(published_at, now()) WHERE id = $1`, [id]);
    return command;
  }

  /** Settles a still-pending command; false when another run settled it first. */
  async complete(db: Db, id: string, status: 'succeeded' | 'failed', error: string | null): Promise<boolean> {
    const done = await queryRows(db, `UPDATE engine_commands SET status = $2, error = $3, completed_at = now() WHERE id = $1 AND status = 'pending' RETURNING 1`, [
      id,
      status,
      error,
    ]);
    return done.length > 0;
  }
}
