import { Injectable } from '@nestjs/common';
import { EXPORT_UNFINISHED_STATUSES, type ExportKind, type ExportLane, type ExportStatus, type Perm } from '@console/contracts';
import { affectedRows, type Db, firstRow, queryRows } from '../common/database/sql';

/** One export task as the API and the worker read it. */
export interface ExportTaskRecord {
  id: string;
  kind: ExportKind;
  filters: Record<string, unknown>;
  list_perm: Perm;
  status: ExportStatus;
  progress: number;
  filename: string | null;
  file_path: string | null;
  requested_by: number | null;
  run_key: string | null;
  runs: number;
  expired_at: Date | null;
  /** The queue its job goes to, chosen when it was made. */
  lane: ExportLane;
}

const COLUMNS = `id::text, kind, filters, list_perm, status, progress, filename, file_path, requested_by, run_key::text, runs, expired_at, lane`;
/** A task not finished: waiting for the queue or a worker, or held by a run (the partial index's condition). */
const UNFINISHED = `status IN (${EXPORT_UNFINISHED_STATUSES.map((status) => `'${status}'`).join(', ')})`;
/** Namespace of the per-user advisory lock of export starts (the second key is the user's id). */
const EXPORT_START_LOCK = 7_310_002;

export interface NewExportTask {
  kind: ExportKind;
  filters: Record<string, unknown>;
  listPerm: Perm;
  filename: string;
  requestedBy: number;
  lane: ExportLane;
}

/**
 * Every statement on export_tasks. The row is the task's record: a run owns it by its run key, and each of
 * the owner's writes names that key, so a run that another took over (its heartbeat went stale: its worker
 * died or froze) stops counting at its next write. SUCCESS, FAILURE and CANCELLED are final: nothing moves a
 * task out of them.
 */
@Injectable()
export class ExportTasksRepository {
  /** Makes the caller's just-begun transaction read-only: a run's rows are read in one, never written. */
  async readOnly(db: Db): Promise<void> {
    await db.query('SET TRANSACTION READ ONLY');
  }

  /**
   * Serialises the user's starts until the caller's transaction ends, so that the check for an identical
   * waiting task and the count against the cap see every task the user's other requests made.
   */
  async lockUserStarts(db: Db, userId: number): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock($1, $2)`, [EXPORT_START_LOCK, userId]);
  }

  /**
   * The user's task of the same kind, filters (ordering included) and perm of the list (so the same columns
   * and rows) that no run has taken yet, in either lane: asking again gives this one.
   */
  async findWaitingTwin(db: Db, task: Pick<NewExportTask, 'kind' | 'filters' | 'listPerm' | 'requestedBy'>): Promise<string | undefined> {
    const row = await firstRow<{ id: string }>(
      db,
      `SELECT id::text FROM export_tasks
        WHERE requested_by = $1 AND status IN ('PENDING', 'QUEUED') AND kind = $2 AND filters = $3::jsonb AND list_perm = $4::jsonb
        ORDER BY created_at LIMIT 1`,
      [task.requestedBy, task.kind, JSON.stringify(task.filters), JSON.stringify(task.listPerm)],
    );
    return row?.id;
  }

  /** How many of the user's tasks are waiting or running. */
  async countUnfinished(db: Db, userId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(db, `SELECT count(*)::int AS n FROM export_tasks WHERE requested_by = $1 AND ${UNFINISHED}`, [userId]);
    return row.n;
  }

  /**
   * Where the task's job goes: its lane's queue, with a BullMQ priority (lower runs first) of 1 + the
   * requester's unfinished tasks of the same lane made before this one. A user's first export ranks with
   * every other user's first, so one user's backlog never holds back another user's single export; within
   * a rank the queue keeps its order of arrival. The lanes do not share slots, so a task ranks only
   * behind the user's tasks of its own lane. Undefined when the task does not exist.
   */
  jobPlacement(db: Db, id: string): Promise<{ lane: ExportLane; rank: number } | undefined> {
    return firstRow(
      db,
      `SELECT t.lane, 1 + (SELECT count(*)::int FROM export_tasks o
                            WHERE o.requested_by = t.requested_by AND o.lane = t.lane AND o.${UNFINISHED} AND (o.created_at, o.id) < (t.created_at, t.id)) AS rank
         FROM export_tasks t WHERE t.id = $1`,
      [id],
    );
  }

  /**
   * The user's waiting tasks with their lane and their rank now (as `jobPlacement` counts it): once one of
   * the user's exports ends, the rest move up, so a job queued behind the user's own earlier ones is not
   * left behind every other user's later first export.
   */
  waitingRanks(db: Db, userId: number): Promise<{ id: string; lane: ExportLane; rank: number }[]> {
    return queryRows(
      db,
      `SELECT id, lane, rank FROM (
         SELECT id::text, lane, status, row_number() OVER (PARTITION BY lane ORDER BY created_at, id)::int AS rank
           FROM export_tasks WHERE requested_by = $1 AND ${UNFINISHED}) mine
        WHERE status IN ('PENDING', 'QUEUED')`,
      [userId],
    );
  }

  /** The task's job is in the queue: PENDING becomes QUEUED (a run may have taken it already). */
  markQueued(db: Db, id: string): Promise<Pick<ExportTaskRecord, 'id' | 'kind' | 'requested_by'> | undefined> {
    return firstRow(db, `UPDATE export_tasks SET status = 'QUEUED' WHERE id = $1 AND status = 'PENDING' RETURNING id::text, kind, requested_by`, [id]);
  }

  async create(db: Db, task: NewExportTask): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      db,
      `INSERT INTO export_tasks (kind, filters, list_perm, filename, requested_by, lane) VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6) RETURNING id::text`,
      [task.kind, JSON.stringify(task.filters), JSON.stringify(task.listPerm), task.filename, task.requestedBy, task.lane],
    );
    return row.id;
  }

  /** The user's own task of this kind; another user's is as good as missing. */
  findOwn(db: Db, id: string, kind: ExportKind, userId: number): Promise<ExportTaskRecord | undefined> {
    return firstRow(db, `SELECT ${COLUMNS} FROM export_tasks WHERE id = $1 AND kind = $2 AND requested_by = $3`, [id, kind, userId]);
  }

  /**
   * The requester cancels their task while it waits or runs: CANCELLED, at once and for good (a run sees it
   * at its next write). Answers the task, or undefined when it is not theirs or has already ended.
   */
  cancel(db: Db, id: string, kind: ExportKind, userId: number): Promise<ExportTaskRecord | undefined> {
    return firstRow(
      db,
      `UPDATE export_tasks SET status = 'CANCELLED', finished_at = now()
        WHERE id = $1 AND kind = $2 AND requested_by = $3 AND ${UNFINISHED}
        RETURNING ${COLUMNS}`,
      [id, kind, userId],
    );
  }

  find(db: Db, id: string): Promise<ExportTaskRecord | undefined> {
    return firstRow(db, `SELECT ${COLUMNS} FROM export_tasks WHERE id = $1`, [id]);
  }

  /**
   * Takes the task for a run: one waiting to start (pending or queued), released by a failed run, or whose owner has not
   * beaten for `staleMs`. Answers the task, or undefined when it is done or another run holds it.
   */
  claim(db: Db, id: string, runKey: string, staleMs: number): Promise<ExportTaskRecord | undefined> {
    return firstRow(
      db,
      `UPDATE export_tasks SET status = 'STARTED', progress = 0, run_key = $2, runs = runs + 1, heartbeat_at = now(),
              started_at = coalesce(started_at, now())
        WHERE id = $1 AND (status IN ('PENDING', 'QUEUED')
              OR (status IN ('STARTED', 'PROGRESS') AND (run_key IS NULL OR heartbeat_at < now() - make_interval(secs => $3))))
        RETURNING ${COLUMNS}`,
      [id, runKey, staleMs / 1000],
    );
  }

  /** The owner's progress and heartbeat; false when the task is no longer this run's. */
  async progress(db: Db, id: string, runKey: string, percent: number): Promise<boolean> {
    return (
      (await affectedRows(
        db,
        `UPDATE export_tasks SET status = 'PROGRESS', progress = $3, heartbeat_at = now() WHERE id = $1 AND run_key = $2 AND status IN ('STARTED', 'PROGRESS')`,
        [id, runKey, percent],
      )) > 0
    );
  }

  /** The owner's file is in place: SUCCESS, with the file and when it expires; false when no longer this run's. */
  async succeed(db: Db, id: string, runKey: string, done: { filePath: string; rowCount: number; ttlMs: number }): Promise<boolean> {
    return (
      (await affectedRows(
        db,
        `UPDATE export_tasks SET status = 'SUCCESS', progress = 100, file_path = $3, row_count = $4, finished_at = now(),
                expires_at = now() + make_interval(secs => $5), heartbeat_at = now(), error = NULL
          WHERE id = $1 AND run_key = $2 AND status IN ('STARTED', 'PROGRESS')`,
        [id, runKey, done.filePath, done.rowCount, done.ttlMs / 1000],
      )) > 0
    );
  }

  /**
   * A failed run: FAILURE when it was the last attempt, else released for the retry to claim at once; false
   * when the task is no longer this run's (taken over or cancelled).
   */
  async fail(db: Db, id: string, runKey: string, error: string, final: boolean): Promise<boolean> {
    const changed = await affectedRows(
      db,
      final
        ? `UPDATE export_tasks SET status = 'FAILURE', error = $3, finished_at = now(), run_key = NULL WHERE id = $1 AND run_key = $2 AND status IN ('STARTED', 'PROGRESS')`
        : `UPDATE export_tasks SET run_key = NULL, error = $3 WHERE id = $1 AND run_key = $2 AND status IN ('STARTED', 'PROGRESS')`,
      [id, runKey, error],
    );
    return changed > 0;
  }

  /** A task whose job was lost after too many runs: FAILURE rather than a loop; false when it ended meanwhile. */
  async giveUp(db: Db, id: string, error: string): Promise<boolean> {
    return (await affectedRows(db, `UPDATE export_tasks SET status = 'FAILURE', error = $2, finished_at = now(), run_key = NULL WHERE id = $1 AND ${UNFINISHED}`, [id, error])) > 0;
  }

  /** Files past their age, oldest first: the purge deletes them, then marks the rows. */
  expiredFiles(db: Db, limit: number): Promise<{ id: string; file_path: string }[]> {
    return queryRows(
      db,
      `SELECT id::text, file_path FROM export_tasks WHERE status = 'SUCCESS' AND expired_at IS NULL AND expires_at < now() ORDER BY expires_at LIMIT $1`,
      [limit],
    );
  }

  async markExpired(db: Db, ids: string[]): Promise<void> {
    if (ids.length) await db.query(`UPDATE export_tasks SET expired_at = now() WHERE id = ANY($1::uuid[]) AND expired_at IS NULL`, [ids]);
  }
}
