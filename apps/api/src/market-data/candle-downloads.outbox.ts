import { currentRequestId } from '../common/http/request-context';
import { RESUMABLE_TASK_WAITING, type Outbox } from '../queues/outbox';
import { JOBS, type DownloadCandlesJob } from '../queues/queues';

/**
 * Runs of one download: a network that is away or an exchange that refuses gets two more tries, with
 * exponential backoff; each resumes at the task's next minute.
 */
export const CANDLE_DOWNLOAD_ATTEMPTS = 3;
const CANDLE_DOWNLOAD_RETRY_MS = 2_000;

export const candleDownloadJobId = (taskId: string) => `candle-download-${taskId}`;

/** candle_downloads as an outbox: a task still waiting, or one whose run lost its job, gets its job again (one per task: the job id is the task's). */
export const candleDownloadsOutbox: Outbox = {
  name: 'candle download',
  table: 'candle_downloads',
  waiting: RESUMABLE_TASK_WAITING,
  publish: async (queue, id) => {
    const requestId = currentRequestId();
    const data: DownloadCandlesJob['data'] = requestId ? { taskId: id, requestId } : { taskId: id };
    await queue.add(JOBS.downloadCandles, data, {
      jobId: candleDownloadJobId(id),
      attempts: CANDLE_DOWNLOAD_ATTEMPTS,
      backoff: { type: 'exponential', delay: CANDLE_DOWNLOAD_RETRY_MS },
      removeOnComplete: true,
      removeOnFail: true,
    });
  },
};
