import { ENGINE_HEARTBEAT_STALE_SECONDS } from '@console/contracts';
import { type Db, firstRow } from '../common/database/sql';

export interface EngineHeartbeat {
  /** The engine's last beat, null before it ever beat. */
  heartbeat_at: Date | null;
  /** Within ENGINE_HEARTBEAT_STALE_SECONDS on the database's clock: health's `engine: up`. */
  fresh: boolean;
}

/**
 * The engine's heartbeat and whether it counts as up, by the one rule health and the engine-alert watch
 * share (the database's clock on both sides, so the API's and the engine's clocks need not agree).
 */
export async function readEngineHeartbeat(db: Db): Promise<EngineHeartbeat> {
  const row = await firstRow<{ heartbeat_at: Date | null; fresh: boolean | null }>(
    db,
    `SELECT heartbeat_at, heartbeat_at > now() - make_interval(secs => $1) AS fresh FROM engine_state WHERE singleton`,
    [ENGINE_HEARTBEAT_STALE_SECONDS],
  );
  return { heartbeat_at: row?.heartbeat_at ?? null, fresh: !!row?.fresh };
}
