import type { Queue } from 'bullmq';
import { JOBS, SendTelegramMessageJob, TELEGRAM_SEND_ATTEMPTS } from '../queues';

/** Wakes a worker to send one outbox row; the job id is the row's, so enqueueing twice adds one job. */
export async function enqueueTelegramSend(queue: Queue, outboxId: string, retryDelayMs: number): Promise<void> {
  const data: SendTelegramMessageJob['data'] = { outboxId };
  await queue.add(JOBS.sendTelegramMessage, data, {
    jobId: `outbox-${outboxId}`,
    attempts: TELEGRAM_SEND_ATTEMPTS,
    backoff: { type: 'exponential', delay: retryDelayMs },
    removeOnComplete: { count: 1000 },
    removeOnFail: { count: 5000 },
  });
}
