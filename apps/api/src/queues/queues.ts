/**
 * Queue names and job data, declared once. A job is only a wake-up: the row in PostgreSQL is the
 * record, so a lost Redis loses no work (the scheduler re-registers repeatable jobs at start).
 */
import type { ConnectionOptions } from 'bullmq';

export const QUEUES = {
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  purgeExpiredAuth: 'purge-expired-auth',
} as const;

export type MaintenanceJob = { name: typeof JOBS.purgeExpiredAuth; data: Record<string, never> };

export function bullConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}

/** Keys of the worker liveness set: member = worker id, score = last beat (ms). */
export function heartbeatKey(prefix: string): string {
  return `${prefix}:workers:heartbeat`;
}

/** A worker whose last beat is older than this is dead. */
export const HEARTBEAT_STALE_MS = 30_000;
export const HEARTBEAT_INTERVAL_MS = 5_000;
