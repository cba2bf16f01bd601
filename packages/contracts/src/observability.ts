/**
 * What operators observe: the request id that follows one action through every process, and the
 * names of the Prometheus metrics the API, the worker and the engine expose (the dashboard and the
 * scrape config use the same names).
 */

/** The header a request id arrives in and is answered in. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is a short token safe in a log line and a header; else one is made. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isSafeRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/** Every metric name, once. Labels are listed beside each. */
export const METRIC_NAMES = {
  /** method, route (the route pattern, never the raw URL), status */
  httpRequestDuration: 'console_http_request_duration_seconds',
  /** pool: total, idle, waiting connections */
  dbPoolConnections: 'console_db_pool_connections',
  /** outcome: ok, error */
  dbQueryDuration: 'console_db_query_duration_seconds',
  /** queue, state: waiting, active, delayed, failed, completed */
  queueJobs: 'console_queue_jobs',
  /** queue, job, outcome: completed, failed */
  queueJobDuration: 'console_queue_job_duration_seconds',
  /** kind, status: succeeded, failed — from created_at to completed_at of the engine_commands row */
  engineCommandLatency: 'console_engine_command_latency_seconds',
  /** kind, outcome */
  exportDuration: 'console_export_duration_seconds',
  /** kind */
  exportSize: 'console_export_size_bytes',
  /** open live streams of this process */
  liveStreams: 'console_live_streams',
  /** reason: captcha, locked, unknown_email, wrong_password, inactive, 2fa */
  signInFailures: 'console_sign_in_failures_total',
  /** step: password, 2fa */
  signInLockouts: 'console_sign_in_lockouts_total',
} as const;

/**
 * The metrics both the worker and the engine process expose, declared once (name, help, labels,
 * buckets), so the dashboard reads one series whichever process completes a command.
 */
export const ENGINE_COMMAND_LATENCY_METRIC = {
  name: METRIC_NAMES.engineCommandLatency,
  help: 'Engine command latency from the request (created_at) to its outcome (completed_at)',
  labelNames: ['kind', 'status'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
};

export const DB_POOL_CONNECTIONS_METRIC = {
  name: METRIC_NAMES.dbPoolConnections,
  help: 'Database pool connections by state',
  labelNames: ['state'] as const,
};

/** What a pg pool reports of its connections. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The connections of a process's pools by state (the gauge's `state` label), summed over the pools. */
export function poolConnectionsByState(pools: Iterable<PoolCounts>): [state: 'total' | 'idle' | 'waiting', count: number][] {
  const all = [...pools];
  const sum = (key: keyof PoolCounts) => all.reduce((n, pool) => n + pool[key], 0);
  return [
    ['total', sum('totalCount')],
    ['idle', sum('idleCount')],
    ['waiting', sum('waitingCount')],
  ];
}
