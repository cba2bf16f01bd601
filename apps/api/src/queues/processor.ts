import type { Job, Queue } from 'bullmq';
import type { QueueName } from './queues';

/** What a queue's processor offers the worker host. */
export interface QueueProcessor {
  readonly queue: QueueName;
  /** Jobs that repeat on their own (registered again at every worker start). */
  readonly repeatable?: readonly { name: string; every: number }[];
  /** Runs once when a worker starts, before it takes jobs (e.g. registers schedules kept in PostgreSQL). */
  onWorkerStart?(queue: Queue): Promise<void>;
  process(job: Job): Promise<unknown>;
}

export const QUEUE_PROCESSORS = Symbol('QUEUE_PROCESSORS');
