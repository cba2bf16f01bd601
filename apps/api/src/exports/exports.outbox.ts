import { currentRequestId } from '../common/http/request-id';
import type { Outbox } from '../queues/outbox';
import { BuildExportJob, JOBS } from '../queues/queues';

/** Attempts of one export job: the first and two retries, 5 s apart and doubling. */
export const EXPORT_ATTEMPTS = 3;
const EXPORT_RETRY_MS = 5_000;

/**
 * export_tasks as an outbox: a task waiting to start, or one whose run stopped beating (its worker died)
 * or was released by a failed attempt, gets its job again. Finished jobs are removed, so a sweep can add
 * the job of a task whose run was lost; while the job exists, adding it again adds nothing.
 */
export function exportsOutbox(staleAfterMs: number): Outbox {
  return {
    name: 'export',
    table: 'export_tasks',
    waiting: `status = 'PENDING' OR (status IN ('STARTED', 'PROGRESS') AND (run_key IS NULL OR heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})))`,
    publish: async (queue, id) => {
      // The request that asked for the export; none when the sweeper queues it again.
      const requestId = currentRequestId();
      const data: BuildExportJob['data'] = requestId ? { taskId: id, requestId } : { taskId: id };
      await queue.add(JOBS.buildExport, data, {
        jobId: `export-${id}`,
        attempts: EXPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: EXPORT_RETRY_MS },
        removeOnComplete: true,
        removeOnFail: true,
      });
    },
  };
}
