/** engine_commands as the engine takes and completes them, and the action_state of their targets. */
import { ENGINE_COMMAND_EFFECTS, type ActionState, type EngineCommandKind, type EngineCommandTarget } from '@console/contracts';
import type { Db } from '../db';
import { commandSettled } from '../observability';

export interface CommandRow {
  id: string;
  kind: EngineCommandKind;
  target_type: EngineCommandTarget;
  target_id: string | null;
  payload: Record<string, unknown>;
}

/** Tables whose rows show a command's action_state. */
const ACTION_STATE_TABLES: Partial<Record<EngineCommandTarget, string>> = {
  signal: 'signals',
  order: 'orders',
  position: 'positions',
  strategy_profile: 'strategy_profiles',
  mm_profile: 'mm_profiles',
  system: 'bot_status',
};

/** Pending commands no other engine holds, oldest first, locked until the transaction ends; `held` are skipped. */
export async function claimCommands(db: Db, held: readonly string[], limit: number): Promise<CommandRow[]> {
  const { rows } = await db.query<CommandRow>(
    `SELECT id::text, kind, target_type, target_id::text, payload FROM engine_commands
      WHERE status = 'pending' AND id <> ALL($1::bigint[]) ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [held, limit],
  );
  return rows;
}

/** Settles a command still pending; false when it was settled already. */
export async function completeCommand(db: Db, command: Pick<CommandRow, 'id' | 'target_type' | 'target_id'>, outcome: { status: 'succeeded'; done: ActionState } | { status: 'failed'; error: string }): Promise<boolean> {
  const { rows } = await db.query<{ kind: EngineCommandKind; request_id: string | null; latency: number }>(
    // clock_timestamp(), not now(): the claiming transaction may have begun before the command was written.
    `UPDATE engine_commands SET status = $2, error = $3, completed_at = clock_timestamp() WHERE id = $1 AND status = 'pending'
     RETURNING kind, request_id, extract(epoch FROM completed_at - created_at)::float8 AS latency`,
    [command.id, outcome.status, outcome.status === 'failed' ? outcome.error : null],
  );
  if (rows.length !== 1) return false;
  commandSettled({ id: command.id, status: outcome.status, ...rows[0] });
  const table = ACTION_STATE_TABLES[command.target_type];
  if (table && !ENGINE_COMMAND_EFFECTS[rows[0].kind].quiet) {
    const state = outcome.status === 'succeeded' ? outcome.done : 'NONE';
    if (command.target_type === 'system') await db.query(`UPDATE bot_status SET action_state = $1 WHERE singleton`, [state]);
    else await db.query(`UPDATE ${table} SET action_state = $1 WHERE id = $2`, [state, command.target_id]);
  }
  return true;
}

/** The status changes of the start/stop and on/off commands, from the pending status the request set. */
export async function applyStatusCommand(db: Db, command: CommandRow): Promise<void> {
  const id = command.target_id;
  switch (command.kind) {
    case 'start_ticker_config':
      await db.query(`UPDATE ticker_configs SET status = 'active', updated_at = now() WHERE id = $1 AND status = 'starting'`, [id]);
      return;
    case 'stop_ticker_config':
      await db.query(`UPDATE ticker_configs SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [id]);
      return;
    case 'stop_profile':
      await db.query(`UPDATE strategy_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [id]);
      return;
    case 'stop_mm_profile':
      await db.query(`UPDATE mm_profiles SET status = 'inactive', updated_at = now() WHERE id = $1 AND status = 'stopping'`, [id]);
      return;
    case 'enable_bot':
      await db.query(`UPDATE bot_status SET status = 'enabled', updated_at = now() WHERE singleton`);
      return;
    case 'disable_bot':
      await db.query(`UPDATE bot_status SET status = 'disabled', updated_at = now() WHERE singleton`);
      return;
    default:
      return;
  }
}

/** The signal a position or order belongs to. */
export async function signalOf(db: Db, table: 'positions' | 'orders', id: string | null): Promise<string | null> {
  const { rows } = await db.query<{ signal_id: string | null }>(`SELECT signal_id::text FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.signal_id ?? null;
}
