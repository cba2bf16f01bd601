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

/**
 * Pending commands no other engine holds, oldest first, locked until the transaction ends: none another
 * transaction has locked, none under a current lease (held by an engine that renews it); `held` (this
 * engine's own) are skipped.
 */
export async function claimCommands(db: Db, held: readonly string[], limit: number): Promise<CommandRow[]> {
  const { rows } = await db.query<CommandRow>(
    `SELECT id::text, kind, target_type, target_id::text, payload FROM engine_commands
      WHERE status = 'pending' AND id <> ALL($1::bigint[]) AND (lease_expires_at IS NULL OR lease_expires_at < clock_timestamp())
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [held, limit],
  );
  return rows;
}

/** Who holds commands, and for how long a lease lasts without renewal. */
export interface Lease {
  owner: string;
  ms: number;
}

/** A command this engine keeps pending: leased to it from now. */
export async function leaseCommand(db: Db, id: string, lease: Lease): Promise<void> {
  await db.query(`UPDATE engine_commands SET lease_owner = $2, lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond' WHERE id = $1`, [id, lease.owner, lease.ms]);
}

/**
 * Renews the leases of the commands this engine holds; answers those still its own and pending. The others
 * were settled meanwhile (superseded by a close at market) or taken by another engine after the lease ran out.
 */
export async function renewLeases(db: Db, ids: readonly string[], lease: Lease): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `UPDATE engine_commands SET lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond'
      WHERE id = ANY($1::bigint[]) AND status = 'pending' AND lease_owner = $2 RETURNING id::text`,
    [ids, lease.owner, lease.ms],
  );
  return new Set(rows.map((row) => row.id));
}

/** Of `ids`, the commands still pending under a lease that has not run out (whoever holds it). */
export async function liveLeases(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text FROM engine_commands WHERE id = ANY($1::bigint[]) AND status = 'pending' AND lease_expires_at >= clock_timestamp()`,
    [ids],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Ends the pending commands of `kinds` on a position as superseded by command `by` (a close at market
 * that has closed it, a cancel of the order they held), whichever engine held them; answers them.
 * `release`: the position shows no action any more (after a cancel); else its action_state is the successor's.
 */
export async function supersedeHeld(
  db: Db,
  positionId: string,
  by: string,
  kinds: readonly EngineCommandKind[],
  reason: string,
  release = false,
): Promise<Pick<CommandRow, 'id' | 'kind' | 'target_type' | 'target_id'>[]> {
  const { rows } = await db.query<Pick<CommandRow, 'id' | 'kind' | 'target_type' | 'target_id'> & { request_id: string | null; latency: number }>(
    `UPDATE engine_commands SET status = 'superseded', superseded_by = $2, error = $4, completed_at = clock_timestamp()
      WHERE target_type = 'position' AND target_id = $1 AND status = 'pending' AND kind = ANY($3::text[]) AND id <> $2
      RETURNING id::text, kind, target_type, target_id::text, request_id, extract(epoch FROM completed_at - created_at)::float8 AS latency`,
    [positionId, by, kinds, reason],
  );
  if (release && rows.length) await db.query(`UPDATE positions SET action_state = 'NONE' WHERE id = $1`, [positionId]);
  for (const row of rows) commandSettled({ id: row.id, kind: row.kind, status: 'superseded', request_id: row.request_id, latency: row.latency });
  return rows.map(({ id, kind, target_type, target_id }) => ({ id, kind, target_type, target_id }));
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

/** The position of a signal, if it has one. */
export async function positionOf(db: Db, signalId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(`SELECT id::text FROM positions WHERE signal_id = $1`, [signalId]);
  return rows[0]?.id ?? null;
}

/** The signal a position or order belongs to. */
export async function signalOf(db: Db, table: 'positions' | 'orders', id: string | null): Promise<string | null> {
  const { rows } = await db.query<{ signal_id: string | null }>(`SELECT signal_id::text FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.signal_id ?? null;
}
