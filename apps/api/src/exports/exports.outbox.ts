import type { LoggerService } from '@nestjs/common';
import { currentRequestId } from '../common/http/request-context';
import type { Db } from '../common/database/sql';
import type { Outbox } from '../queues/outbox';
import { BuildExportJob, JOBS } from '../queues/queues';
import type { LiveEvents } from '../live/live-events';
import { exportChange } from './export-live-changes';
import type { ExportQueues } from './export-lanes';
import type { ExportTasksRepository } from './export-tasks.repository';

/** Attempts of one export job: the first and two retries, 5 s apart and doubling. */
export const EXPORT_ATTEMPTS = 3;
const EXPORT_RETRY_MS = 5_000;

/** A task's job: one per task, so a late publish and a sweep add one job (on the queue of the task's lane). */
export const exportJobId = (taskId: string) => `export-${taskId}`;

export interface ExportsOutboxDeps {
  db: Db;
  tasks: ExportTasksRepository;
  /** Tells the requester's consoles that the task now waits in the queue. */
  live: LiveEvents;
}

/**
 * export_tasks as an outbox: a task waiting to start, or one whose run stopped beating (its worker died)
 * or was released by a failed attempt, gets its job again. Finished jobs are removed, so a sweep can add
 * the job of a task whose run was lost; while the job exists, adding it again adds nothing. The job goes to
 * the queue of the task's lane; its priority ranks it among its requester's unfinished tasks there (fair
 * queueing between users); once the job is in, a PENDING task is QUEUED.
 */
export function exportsOutbox(staleAfterMs: number, deps: ExportsOutboxDeps): Outbox<ExportQueues> {
  return {
    name: 'export',
    table: 'export_tasks',
    waiting: `status IN ('PENDING', 'QUEUED') OR (status IN ('STARTED', 'PROGRESS') AND (run_key IS NULL OR heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})))`,
    publish: async (queues, id) => {
      const placement = await deps.tasks.jobPlacement(deps.db, id);
      // No such task: no job to wake (the start and the sweeper publish only rows they just read).
      if (!placement) return;
      // The request that asked for the export; none when the sweeper queues it again.
      const requestId = currentRequestId();
      const data: BuildExportJob['data'] = requestId ? { taskId: id, requestId } : { taskId: id };
      await queues.of(placement.lane).add(JOBS.buildExport, data, {
        jobId: exportJobId(id),
        priority: placement.rank,
        attempts: EXPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: EXPORT_RETRY_MS },
        removeOnComplete: true,
        removeOnFail: true,
      });
      const queued = await deps.tasks.markQueued(deps.db, id);
      if (queued) await deps.live.publish(...exportChange(queued, 'QUEUED', 0));
    },
  };
}

/**
 * One of the user's exports ended (finished, failed or cancelled): their waiting jobs take their new ranks.
 * Best effort: a job that a worker took meanwhile, or that is gone (the sweeper adds it again at its
 * rank), keeps what it had.
 */
export async function moveUpWaiting(deps: Pick<ExportsOutboxDeps, 'db' | 'tasks'>, queues: ExportQueues, userId: number | null, logger: LoggerService): Promise<void> {
  if (userId === null) return;
  try {
    for (const { id, lane, rank } of await deps.tasks.waitingRanks(deps.db, userId)) {
      const job = await queues.of(lane).getJob(exportJobId(id));
      if (job && job.priority !== rank) await job.changePriority({ priority: rank }).catch(() => undefined);
    }
  } catch (error) {
    logger.warn(`exports of user ${userId}: waiting jobs keep their ranks (${(error as Error).message})`);
  }
}

