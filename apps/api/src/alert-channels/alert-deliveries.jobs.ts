import type { Queue } from 'bullmq';
import { ALERT_CHANNEL_LIMITS } from '@console/contracts';
import type { Outbox } from '../queues/outbox';
import { type FanOutNotificationJob, JOBS, type SendAlertDeliveryJob } from '../queues/queues';

/**
 * Notifications with a kind that are still to be turned into deliveries. The notification row is their
 * record: the API publishes a fan-out job after its commit, the engine publishes none, and the worker's
 * sweep fans out whatever is left.
 */
export const NOTIFICATION_FAN_OUT: Outbox = {
  name: 'notification fan-out',
  table: 'notifications',
  waiting: `kind IS NOT NULL AND fanned_out_at IS NULL`,
  publish: async (queue, id) => {
    const data: FanOutNotificationJob['data'] = { notificationId: id };
    await queue.add(JOBS.fanOutNotification, data, { jobId: `fan-out-${id}`, removeOnComplete: { count: 1000 }, removeOnFail: { count: 5000 } });
  },
};

/** The deliveries outbox; the retry delay is set once from the config. */
export function alertDeliveriesOutbox(retryDelayMs: number): Outbox {
  return {
    name: 'alert delivery',
    table: 'alert_deliveries',
    waiting: `status = 'pending'`,
    publish: async (queue: Queue, id: string) => {
      const data: SendAlertDeliveryJob['data'] = { deliveryId: id };
      // The job id is the row's, so a late publish and a sweep add one job.
      await queue.add(JOBS.sendAlertDelivery, data, {
        jobId: `delivery-${id}`,
        attempts: ALERT_CHANNEL_LIMITS.sendAttempts,
        backoff: { type: 'exponential', delay: retryDelayMs },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      });
    },
  };
}
