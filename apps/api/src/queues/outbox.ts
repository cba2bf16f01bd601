/**
 * The outbox pattern, once for every kind of deferred work (a Telegram message, an engine command, an
 * export): the row is written in the same transaction as the change that causes it, a job is published
 * to Redis after the commit (never waiting long on Redis), and a sweeper publishes again any row still
 * waiting after a while, because its job was lost (Redis away at commit time, flushed, failed over).
 * Jobs carry the row's id as their BullMQ job id, so a late publish and a sweep add one job, not two.
 */
import type { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { handOffAfterCommit } from './after-commit';

/** `Target`: where `publish` adds a row's job, its queue, or what picks the queue of a row (exports' lanes). */
export interface Outbox<Target = Queue> {
  /** For log lines. */
  name: string;
  /** The table of rows. It has `id` and `created_at`. */
  table: string;
  /** SQL condition of a row whose work is still to be done. */
  waiting: string;
  /** Adds the row's job; idempotent (the job id is derived from the row id). */
  publish: (target: Target, id: string) => Promise<void>;
}

/**
 * `waiting` of a task a run may resume (its claim takes PENDING and STARTED rows): a STARTED row is swept too,
 * since Redis may lose the job of a run under way; while the job still exists the publish adds nothing.
 */
export const RESUMABLE_TASK_WAITING = `status IN ('PENDING', 'STARTED')`;

/** After the commit: publish each row, at most `timeoutMs` for all of them; the sweeper covers a failure. */
export async function publishAfterCommit<Target>(outbox: Outbox<Target>, target: Target, ids: string[], timeoutMs: number, logger: Logger): Promise<boolean> {
  if (!ids.length) return true;
  return handOffAfterCommit(Promise.all(ids.map((id) => outbox.publish(target, id))), timeoutMs, logger, `${outbox.name} ${ids.join(', ')}`);
}

/** The sweeper: publishes again the rows still waiting `olderThanMs` after they were written; answers how many. */
export async function sweepOutbox<Target>(db: Pick<EntityManager, 'query'>, outbox: Outbox<Target>, target: Target, olderThanMs: number, limit = 500): Promise<number> {
  const rows: { id: string }[] = await db.query(
    `SELECT id::text FROM ${outbox.table} WHERE (${outbox.waiting}) AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
    [olderThanMs / 1000, limit],
  );
  for (const { id } of rows) await outbox.publish(target, id);
  return rows.length;
}
