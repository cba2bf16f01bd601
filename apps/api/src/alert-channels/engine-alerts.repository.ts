import { Injectable } from '@nestjs/common';
import { ENGINE_LOG_EVENTS } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';

export interface EngineAlertState {
  engine_up: boolean | null;
  changed_at: Date | null;
  error_log_mark: string | null;
}

/** An `error` log row the engine wrote, as its notification names it. */
export interface EngineErrorRow {
  id: string;
  event_type: string;
  pair_name: string | null;
  profile_title: string | null;
  signal_id: string | null;
  message: string | null;
  /** Written long enough ago that a transaction still writing a lower id has surely ended. */
  settled: boolean;
}

/**
 * The event types an engine writes (the contracts' list, which a team's own engine uses too). The
 * console's own `error` rows (a failed delivery, among them an engine alert's) are not engine alerts:
 * announcing them would feed a failing channel its own failures.
 */
const ENGINE_EVENTS = Object.values(ENGINE_LOG_EVENTS);

/** Seconds a log row is left before it is announced, so rows are taken in id order once their writers committed. */
const SETTLE_SECONDS = 2;

/** Every statement on engine_alert_state and the engine-alert notifications it leads to. */
@Injectable()
export class EngineAlertsRepository {
  /** The one row, locked until the transaction ends: two sweeps (of two workers) take turns. */
  async lock(db: Db): Promise<EngineAlertState> {
    const row = await firstRow<EngineAlertState>(db, `SELECT engine_up, changed_at, error_log_mark::text FROM engine_alert_state WHERE singleton FOR UPDATE`);
    if (!row) throw new Error('engine_alert_state has no row (migration 1736323200000)');
    return row;
  }

  async setEngineUp(db: Db, up: boolean): Promise<void> {
    await db.query(`UPDATE engine_alert_state SET engine_up = $1, changed_at = now(), updated_at = now() WHERE singleton`, [up]);
  }

  async setErrorMark(db: Db, id: string): Promise<void> {
    await db.query(`UPDATE engine_alert_state SET error_log_mark = $1, updated_at = now() WHERE singleton`, [id]);
  }

  /** The newest log row's id (0 without any): where the first sweep starts, so older rows are not announced. */
  async newestLogId(db: Db): Promise<string> {
    const row = await firstRow<{ id: string }>(db, `SELECT coalesce(max(id), 0)::text AS id FROM logs`);
    return row!.id;
  }

  /** The engine's `error` rows after the mark, oldest first. */
  async engineErrorsAfter(db: Db, mark: string, limit: number): Promise<EngineErrorRow[]> {
    return queryRows<EngineErrorRow>(
      db,
      `SELECT id::text, event_type, pair_name, profile_title, signal_id::text, log_data->>'message' AS message,
              created_at < now() - make_interval(secs => $4) AS settled
         FROM logs
        WHERE id > $1 AND type = 'error' AND event_type = ANY($2)
        ORDER BY id
        LIMIT $3`,
      [mark, ENGINE_EVENTS, limit, SETTLE_SECONDS],
    );
  }

  /** One engine_alert notification for the fan-out's sweep (written here, as daily reports write theirs). */
  async notify(db: Db, title: string, text: string): Promise<string> {
    const [{ id }] = await queryRows<{ id: string }>(db, `INSERT INTO notifications (title, text_body, kind) VALUES ($1, $2, 'engine_alert') RETURNING id::text`, [title, text]);
    return id;
  }
}
