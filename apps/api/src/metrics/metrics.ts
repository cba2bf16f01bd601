/**
 * The API's and the worker's Prometheus metrics, on prom-client's default registry (one per process;
 * the API's cluster primary merges its processes'). Names come from the contracts; what feeds each
 * metric lives beside the code it measures.
 */
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { DB_POOL_CONNECTIONS_METRIC, METRIC_NAMES, poolConnectionsByState, type PoolCounts } from '@console/contracts';

collectDefaultMetrics();

export const metricsRegistry = register;

export const httpRequestDuration = new Histogram({
  name: METRIC_NAMES.httpRequestDuration,
  help: 'HTTP request duration by route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const dbQueryDuration = new Histogram({
  name: METRIC_NAMES.dbQueryDuration,
  help: 'PostgreSQL statement duration',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
});

/** Pools read at scrape time (a process may hold several data sources in tests). */
export const dbPools = new Set<PoolCounts>();

export const dbPoolConnections = new Gauge({
  ...DB_POOL_CONNECTIONS_METRIC,
  collect() {
    for (const [state, count] of poolConnectionsByState(dbPools)) this.set({ state }, count);
  },
});

export const queueJobDuration = new Histogram({
  name: METRIC_NAMES.queueJobDuration,
  help: 'BullMQ job run time (processedOn to finishedOn) by queue, job name and outcome',
  labelNames: ['queue', 'job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
});

export const exportDuration = new Histogram({
  name: METRIC_NAMES.exportDuration,
  help: 'Export run duration by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
});

export const exportSize = new Histogram({
  name: METRIC_NAMES.exportSize,
  help: 'Size of finished export files',
  labelNames: ['kind'] as const,
  buckets: [10e3, 100e3, 1e6, 10e6, 50e6, 100e6, 500e6],
});

export const signInFailures = new Counter({
  name: METRIC_NAMES.signInFailures,
  help: 'Refused sign-in steps by reason',
  labelNames: ['reason'] as const,
});

export const signInLockouts = new Counter({
  name: METRIC_NAMES.signInLockouts,
  help: 'Sign-in steps refused because the attempt limit was reached',
  labelNames: ['step'] as const,
});

/** Queues whose depths are read at scrape time (the worker's; Redis holds one truth for every process). */
export const observedQueues = new Set<Pick<Queue, 'name' | 'getJobCounts'>>();
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
const QUEUE_COUNT_TIMEOUT_MS = 2_000;

export const queueJobs = new Gauge({
  name: METRIC_NAMES.queueJobs,
  help: 'BullMQ jobs by queue and state',
  labelNames: ['queue', 'state'] as const,
  async collect() {
    this.reset();
    for (const queue of observedQueues) {
      // Redis away (its commands wait for the reconnection): the queue's series drop out of this scrape
      // instead of holding or failing the whole answer.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), QUEUE_COUNT_TIMEOUT_MS)));
      const counts = await Promise.race([queue.getJobCounts(...QUEUE_STATES).catch(() => null), late]);
      clearTimeout(timer);
      for (const state of QUEUE_STATES) if (counts) this.set({ queue: queue.name, state }, counts[state] ?? 0);
    }
  },
});

/** Open live streams, read at scrape time from each LiveStreams service of the process. */
export const liveStreamSources = new Set<{ size: number }>();

export const liveStreams = new Gauge({
  name: METRIC_NAMES.liveStreams,
  help: 'Open live streams (server-sent events) of this process',
  collect() {
    this.set([...liveStreamSources].reduce((n, source) => n + source.size, 0));
  },
});
