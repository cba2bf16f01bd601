import { currentRequestId } from '../common/http/request-context';
import { RESUMABLE_TASK_WAITING, type Outbox } from '../queues/outbox';
import { JOBS, type ImportCandlesJob } from '../queues/queues';

/** Attempts of one import job (a lost database connection, a worker stopped mid-file): files already done stay done. */
export const CANDLE_IMPORT_ATTEMPTS = 3;
const CANDLE_IMPORT_RETRY_MS = 5_000;

export const candleImportJobId = (taskId: string) => `candle-import-${taskId}`;

/** candle_imports as an outbox: a task still waiting, or one whose run lost its job, gets its job again (one per task: the job id is the task's). */
export const candleImportsOutbox: Outbox = {
  name: 'candle import',
  table: 'candle_imports',
  waiting: RESUMABLE_TASK_WAITING,
  publish: async (queue, id) => {
    const requestId = currentRequestId();
    const data: ImportCandlesJob['data'] = requestId ? { taskId: id, requestId } : { taskId: id };
    await queue.add(JOBS.importCandles, data, {
      jobId: candleImportJobId(id),
      attempts: CANDLE_IMPORT_ATTEMPTS,
      backoff: { type: 'exponential', delay: CANDLE_IMPORT_RETRY_MS },
      removeOnComplete: true,
      removeOnFail: true,
    });
  },
};
