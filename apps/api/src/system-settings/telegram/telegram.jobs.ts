import type { Queue } from 'bullmq';
import type { Outbox } from '../../queues/outbox';
import { JOBS, SendTelegramMessageJob, TELEGRAM_SEND_ATTEMPTS } from '../../queues/queues';

/** The two bots a message goes out through: the main one and the investor reports' one. */
export type TelegramBot = 'main' | 'investor';

/** The retry delay of a send; set once from the config by the modules that publish. */
export function telegramOutbox(retryDelayMs: number): Outbox {
  return {
    name: 'telegram message',
    table: 'telegram_outbox',
    waiting: `status = 'pending'`,
    publish: (queue, id) => enqueueTelegramSend(queue, id, retryDelayMs),
  };
}

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
