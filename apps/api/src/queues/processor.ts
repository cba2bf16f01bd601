import type { Job } from 'bullmq';
import type { QueueName } from './queues';

/** What a queue's processor offers the worker host. */
export interface QueueProcessor {
  readonly queue: QueueName;
  /** Jobs that repeat on their own (registered again at every worker start). */
  readonly repeatable?: readonly { name: string; every: number }[];
  process(job: Job): Promise<unknown>;
}

export const QUEUE_PROCESSORS = Symbol('QUEUE_PROCESSORS');
