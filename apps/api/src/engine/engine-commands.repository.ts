import { Injectable } from '@nestjs/common';
import type { EngineCommandKind, EngineCommandState, EngineCommandTarget } from '@console/contracts';
import { currentRequestId } from '../common/http/request-context';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { ENGINE_TARGET_TABLES, type EngineTargetRow, targetColumns, targetsWhere, targetWhere } from './engine-targets';

/** What an Idempotency-Key was first used for. */
export interface KeyedCommand {
  id: string;
  kind: string;
  target_type: string;
  target_id: string | null;
  payload: Record<string, unknown>;
  idempotency_key: string;
}

/** A pending command on a target row. */
export interface PendingCommand {
  id: string;
  kind: EngineCommandKind;
  target_id: string | null;
  payload: Record<string, unknown>;
}

/** One command row to write. */
export interface NewCommand {
  targetId: string | null;
  payload: Record<string, unknown>;
  idempotencyKey: string;
}

const STATE_COLUMNS = `c.id::text, c.kind, c.target_type, c.target_id::text, c.status, c.error, c.created_at, c.completed_at`;

/** The id parameter of a statement on a target (`targetWhere`): none for the bot's one status row. */
function targetParams(targetId: string | null): unknown[] {
  return targetId === null ? [] : [targetId];
}

/** The ids parameter of a statement on a set of targets (`targetsWhere`): none for the bot's row. */
function targetsParams(target: EngineCommandTarget, targetIds: readonly (string | null)[]): unknown[] {
  return target === 'system' ? [] : [targetIds];
}

/**
 * Every statement on `engine_commands`, and the ones a command makes on its target rows: the lock while
 * it is submitted and the action_state the screens show. A bulk action is a handful of statements
 * whatever its size (one lock, one look-up, one insert, one update), so its locks are held briefly.
 */
@Injectable()
export class EngineCommandsRepository {
  async byKeys(db: Db, keys: readonly string[]): Promise<KeyedCommand[]> {
    if (!keys.length) return [];
    return queryRows(db, `SELECT id::text, kind, target_type, target_id::text, payload, idempotency_key FROM engine_commands WHERE idempotency_key = ANY($1::text[])`, [keys]);
  }

  /**
   * Locks the target rows until the transaction ends, in id order (two requests over the same rows
   * cannot deadlock); answers the rows found, as the target's row type names their columns.
   */
  async lockTargets<T extends EngineCommandTarget>(db: Db, target: T, targetIds: readonly (string | null)[]): Promise<EngineTargetRow<T>[]> {
    const { table } = ENGINE_TARGET_TABLES[target];
    return queryRows<EngineTargetRow<T>>(
      db,
      `SELECT ${targetColumns(target)} FROM ${table} WHERE ${targetsWhere(target)} ORDER BY ${target === 'system' ? 'singleton' : 'id'} FOR UPDATE`,
      targetsParams(target, targetIds),
    );
  }

  /** The pending commands of any kind on these targets. */
  async pendingOn(db: Db, target: EngineCommandTarget, targetIds: readonly (string | null)[]): Promise<PendingCommand[]> {
    if (target === 'system') {
      return queryRows(db, `SELECT id::text, kind, target_id::text, payload FROM engine_commands WHERE target_type = 'system' AND status = 'pending' ORDER BY id`);
    }
    return queryRows(
      db,
      `SELECT id::text, kind, target_id::text, payload FROM engine_commands WHERE target_type = $1 AND target_id = ANY($2::bigint[]) AND status = 'pending' ORDER BY id`,
      [target, targetIds],
    );
  }

  /** Writes the commands in one statement; answers the ids of those written (a key already taken writes nothing). */
  async insertMany(
    db: Db,
    command: { kind: EngineCommandKind; target: EngineCommandTarget; requestedBy: number | null },
    rows: readonly NewCommand[],
  ): Promise<{ id: string; idempotency_key: string }[]> {
    return queryRows(
      db,
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key, requested_by, request_id)
       SELECT $1, $2, r.target_id, r.payload, r.idempotency_key, $3, $7
         FROM unnest($4::bigint[], $5::jsonb[], $6::text[]) WITH ORDINALITY AS r(target_id, payload, idempotency_key, n)
        ORDER BY r.n
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING id::text, idempotency_key`,
      [
        command.kind,
        command.target,
        command.requestedBy,
        rows.map((r) => r.targetId),
        rows.map((r) => JSON.stringify(r.payload)),
        rows.map((r) => r.idempotencyKey),
        currentRequestId() ?? null,
      ],
    );
  }

  /** Sets the action_state of these targets in one statement, for targets that show one. */
  async setActionStates(db: Db, target: EngineCommandTarget, targetIds: readonly (string | null)[], state: string): Promise<void> {
    if (!ENGINE_TARGET_TABLES[target].actionState || !targetIds.length) return;
    const params = [...targetsParams(target, targetIds), state];
    await db.query(`UPDATE ${ENGINE_TARGET_TABLES[target].table} SET action_state = $${params.length} WHERE ${targetsWhere(target)}`, params);
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

  /** The states of commands of one target type, in the order of `ids`, in two statements. */
  async states(db: Db, target: EngineCommandTarget, ids: readonly string[]): Promise<EngineCommandState[]> {
    if (!ids.length) return [];
    const table = ENGINE_TARGET_TABLES[target];
    const join = !table.actionState ? '' : target === 'system' ? `LEFT JOIN ${table.table} t ON t.singleton` : `LEFT JOIN ${table.table} t ON t.id = c.target_id`;
    const rows = await queryRows<EngineCommandState>(
      db,
      `SELECT ${STATE_COLUMNS}, ${table.actionState ? 't.action_state' : 'NULL::text AS action_state'} FROM engine_commands c ${join} WHERE c.id = ANY($1::bigint[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)!);
  }
}
