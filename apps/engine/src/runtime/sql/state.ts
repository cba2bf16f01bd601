/** The engine's own tables: its state document with the last minute done, its heartbeat, and the open runs. */
import type { Db } from '../db';

export interface StoredState {
  last_minute: Date | null;
  state: unknown;
  /** How many times the state was written: another engine's write since this one's read changes it. */
  revision: string;
}

export async function readState(db: Db): Promise<StoredState> {
  const { rows } = await db.query<StoredState>(`SELECT last_minute, state, revision::text FROM engine_state WHERE singleton`);
  return rows[0] ?? { last_minute: null, state: {}, revision: '0' };
}

/**
 * The state row locked until the transaction ends, so engines sharing a database take turns; answers its
 * revision, which tells the engine whether another one wrote since.
 */
export async function lockState(db: Db): Promise<string> {
  const { rows } = await db.query<{ revision: string }>(`SELECT revision::text FROM engine_state WHERE singleton FOR UPDATE`);
  return rows[0]?.revision ?? '0';
}

/**
 * The minute's end: only a transaction that still sees the minute before may write it (two engines never
 * both do). Answers the new revision, or null when the minute had moved on.
 */
export async function writeState(db: Db, previous: string | null, minute: string | null, state: string): Promise<string | null> {
  const { rows } = await db.query<{ revision: string }>(
    `UPDATE engine_state SET last_minute = $2, state = $3::jsonb, updated_at = now(), revision = revision + 1
      WHERE singleton AND last_minute IS NOT DISTINCT FROM $1::timestamptz RETURNING revision::text`,
    [previous, minute, state],
  );
  return rows[0]?.revision ?? null;
}

export async function beat(db: Db): Promise<void> {
  await db.query(`UPDATE engine_state SET heartbeat_at = now() WHERE singleton`);
}

export interface StoredRun {
  signal_id: string;
  run: unknown;
  order_ids: Record<string, string>;
}

export async function readRuns(db: Db): Promise<StoredRun[]> {
  const { rows } = await db.query<StoredRun>(`SELECT signal_id::text, run, order_ids FROM engine_signal_runs ORDER BY signal_id`);
  return rows;
}

export async function writeRuns(db: Db, saved: readonly { signal_id: string; run: string; order_ids: Record<string, string> }[], finished: readonly string[]): Promise<void> {
  if (saved.length) {
    await db.query(
      `INSERT INTO engine_signal_runs (signal_id, run, order_ids, updated_at)
       SELECT r.signal_id, r.run::jsonb, r.order_ids, now() FROM jsonb_to_recordset($1::jsonb) AS r(signal_id bigint, run text, order_ids jsonb)
       ON CONFLICT (signal_id) DO UPDATE SET run = excluded.run, order_ids = excluded.order_ids, updated_at = now()`,
      [JSON.stringify(saved)],
    );
  }
  if (finished.length) await db.query(`DELETE FROM engine_signal_runs WHERE signal_id = ANY($1::bigint[])`, [finished]);
}
