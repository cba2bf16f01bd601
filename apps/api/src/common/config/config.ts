/**
 * Configuration from the environment, validated once at start by one zod schema: a missing or
 * malformed variable stops the process with a message naming it (every problem at once).
 */
import { encryptionKeyBytes } from '@console/engine/runtime';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { LIVE_STREAM_DEFAULTS, SESSION_LIMITS } from '@console/contracts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha', 'off'] as const;
export const EXPORT_STORES = ['local', 's3'] as const;

/** An empty variable counts as unset, so `PORT=` takes the default like an absent PORT. */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

// Checks after `required` pass over a blank value, which `required` has already named. (Not `abort`:
// an explicit abort would also skip the cross-variable check below.)
const required = z.string({ error: 'is missing' }).trim().min(1, 'is missing');

const url = (protocols: string[]) =>
  required.superRefine((value, ctx) => {
    if (!value) return;
    let protocol: string;
    try {
      protocol = new URL(value).protocol;
    } catch {
      return ctx.addIssue('is not a valid URL');
    }
    if (!protocols.includes(protocol)) ctx.addIssue(`must start with ${protocols.join(' or ')}//`);
  });

const wholeNumber = (fallback: number, min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(unsetIfEmpty, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback));
};

const oneOf = <T extends readonly [string, ...string[]]>(options: T, fallback: T[number]) =>
  z.preprocess(unsetIfEmpty, z.enum(options, { error: `must be one of ${options.join(', ')}` }).default(fallback));

const withDefault = (fallback: string) => z.preprocess(unsetIfEmpty, z.string().default(fallback));

/** ENCRYPTION_KEY as bytes (one reading with the engine, which decrypts the exchange secrets). */
const keyBytes = encryptionKeyBytes;
const encryptionKey = required.refine((raw) => !raw || keyBytes(raw).length === 32, 'must be 32 bytes, as 64 hex digits or base64').transform(keyBytes);

/** Express's names for address ranges in `trust proxy`. */
const TRUSTED_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One entry of a trusted list: a range name, an address, or an address with a prefix length. */
function isTrustedEntry(entry: string): boolean {
  if (TRUSTED_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as Express's `trust proxy` takes it: a number of proxy hops in front of the API (behind one
 * proxy that appends to X-Forwarded-For, `1`), or a comma-separated list of trusted proxy addresses, ranges
 * and range names. Express reads a string as addresses only, so a hop count must reach it as a number.
 */
const trustProxy = z.preprocess(
  unsetIfEmpty,
  z
    .string()
    .default('loopback')
    .transform((raw, ctx) => {
      const value = raw.trim();
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= 10) return hops;
      } else {
        const entries = value.split(',').map((entry) => entry.trim());
        if (entries.every(isTrustedEntry)) return entries;
      }
      ctx.addIssue('must be a number of proxy hops from 0 to 10, or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal');
      return z.NEVER;
    }),
);

/** The variables, by their names in the environment; unknown variables are ignored. */
const environment = z
  .object({
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    // A streaming replica for list and statistics reads (blank: every read on DATABASE_URL).
    DATABASE_READ_URL: z.preprocess(unsetIfEmpty, url(['postgres:', 'postgresql:']).optional()),
    // After a user's write, that user's reads stay on the primary this long (read-your-writes).
    READ_AFTER_WRITE_MS: wholeNumber(5_000, 0, 10 * 60 * 1000),
    REDIS_URL: url(['redis:', 'rediss:']),
    PORT: wholeNumber(3000, 1, 65535),
    JWT_SECRET: required.refine((secret) => !secret || secret.length >= 32, 'must be at least 32 characters'),
    ENCRYPTION_KEY: encryptionKey,
    EXPORT_DIR: withDefault('exports'),
    // Where uploaded candle files wait for the worker's import (one host, or a volume API and worker hosts share).
    CANDLE_IMPORT_DIR: withDefault('candle-imports'),
    // An origin every API host of the exchanges is rewritten to for candle downloads (a mirror or proxy;
    // the tests' server of recorded answers). Blank: the exchanges' own hosts.
    MARKET_DATA_EXCHANGE_ORIGIN: z.preprocess(unsetIfEmpty, url(['https:', 'http:']).optional()),
    // How often the worker polls the exchanges of `live` accounts for their closed minutes.
    LIVE_CANDLES_POLL_MS: wholeNumber(10_000, 1_000, 60 * 60 * 1000),
    // Where finished exports live: local (EXPORT_DIR, one host or a shared volume) or s3 (an S3-compatible bucket).
    EXPORT_STORE: oneOf(EXPORT_STORES, 'local'),
    EXPORT_S3_BUCKET: withDefault(''),
    EXPORT_S3_ENDPOINT: withDefault(''),
    EXPORT_S3_REGION: withDefault('us-east-1'),
    EXPORT_S3_ACCESS_KEY_ID: withDefault(''),
    EXPORT_S3_SECRET_ACCESS_KEY: withDefault(''),
    // Path-style addressing (endpoint/bucket/key): what self-hosted stores (Garage, SeaweedFS) answer by default.
    EXPORT_S3_FORCE_PATH_STYLE: oneOf(['true', 'false'] as const, 'true'),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
    ACCESS_TOKEN_TTL_SECONDS: wholeNumber(15 * 60, 10, 24 * 3600),
    REFRESH_TOKEN_TTL_SECONDS: wholeNumber(7 * 24 * 3600, 60, 365 * 24 * 3600),
    CAPTCHA_PROVIDER: oneOf(CAPTCHA_PROVIDERS, 'altcha'),
    // Average SHA-256 rounds the ALTCHA proof of work asks of a browser: 10,000 take about half a second.
    CAPTCHA_WORK: wholeNumber(10_000, 100, 10_000_000),
    RECAPTCHA_SECRET: z.string().default(''),
    // The public key the SPA renders Google's widget with; it comes with the secret.
    RECAPTCHA_SITE_KEY: z.string().default(''),
    RECAPTCHA_VERIFY_URL: withDefault('https://www.google.com/recaptcha/api/siteverify'),
    // Blank is meaningful here: no SPA to serve.
    WEB_DIST_DIR: z.string().default(resolve(__dirname, '../../../../web/dist')),
    REDIS_PREFIX: withDefault(LIVE_STREAM_DEFAULTS.redisPrefix),
    WORKER_CONCURRENCY: wholeNumber(4, 1, 64),
    TELEGRAM_API_BASE_URL: z.preprocess(unsetIfEmpty, url(['https:', 'http:']).default('https://api.telegram.org')),
    TELEGRAM_RETRY_DELAY_MS: wholeNumber(5_000, 1, 10 * 60 * 1000),
    AUDIT_STRICT: oneOf(['true', 'false'], 'false'),
    // How often a worker checks that its queues' job schedulers still exist in Redis (a flush, a failover).
    SCHEDULE_CHECK_MS: wholeNumber(15_000, 100, 3_600_000),
    // How often the Telegram sweeper runs, and how old a pending outbox row must be before it is queued again.
    TELEGRAM_SWEEP_MS: wholeNumber(60_000, 100, 3_600_000),
    TELEGRAM_REQUEUE_AFTER_MS: wholeNumber(120_000, 0, 24 * 3_600_000),
    // getUpdates' long-poll wait; the poller's lease outlives it by TELEGRAM_LEASE_MARGIN_MS.
    TELEGRAM_POLL_TIMEOUT_S: wholeNumber(25, 0, 50),
    TELEGRAM_LEASE_MARGIN_MS: wholeNumber(15_000, 500, 120_000),
    // Users' alert channels (email, Discord, webhooks): how often the sweep fans out new notifications and
    // queues again deliveries whose job was lost, how old such a delivery must be, and the first retry delay.
    // Discord's address: a Discord channel webhook URL must be under it (tests point it at a local receiver).
    DISCORD_API_BASE_URL: z.preprocess(unsetIfEmpty, url(['https:', 'http:']).default('https://discord.com')),
    ALERT_SWEEP_MS: wholeNumber(15_000, 100, 3_600_000),
    // The daily report of the previous UTC day is written at the first alert sweep past this UTC hour; 24: never.
    DAILY_REPORT_HOUR_UTC: wholeNumber(6, 0, 24),
    ALERT_REQUEUE_AFTER_MS: wholeNumber(60_000, 0, 24 * 3_600_000),
    ALERT_RETRY_DELAY_MS: wholeNumber(5_000, 1, 10 * 60 * 1000),
    // Whether users' webhooks and Discord URLs may point at loopback or private addresses (tests, one-host setups).
    ALERT_PRIVATE_TARGETS: oneOf(['allow', 'deny'] as const, 'deny'),
    // How long a request waits for Redis to take a job after its change committed; the sweeper covers the rest.
    ENQUEUE_TIMEOUT_MS: wholeNumber(LIVE_STREAM_DEFAULTS.publishTimeoutMs, 50, 60_000),
    // A file the worker touches at every heartbeat, for container health checks (empty: none).
    WORKER_HEARTBEAT_FILE: z.string().default(''),
    // Where browsers reach the console (page links are built on it); blank: http://localhost:PORT.
    PUBLIC_URL: z.preprocess(unsetIfEmpty, url(['https:', 'http:']).optional()),
    // The OpenAPI UI and document; blank: on, except when NODE_ENV is production.
    API_DOCS: z.preprocess(unsetIfEmpty, z.enum(['true', 'false'], { error: 'must be one of true, false' }).optional()),
    NODE_ENV: z.string().optional(),
    // A request body must arrive whole within this time, else 408.
    BODY_TIMEOUT_MS: wholeNumber(30_000, 100, 10 * 60 * 1000),
    // Which proxies' X-Forwarded-For (and -Proto) the API believes: client addresses for limits and sessions.
    TRUST_PROXY: trustProxy,
    // HTTP processes of the API (main.ts runs them as a Node cluster); 1 serves from one process.
    API_WORKERS: wholeNumber(availableParallelism(), 1, 256),
    // xlsx exports: rows read per batch; how long a file is kept; how often expired files are deleted;
    // how often the sweeper runs, how old a PENDING task must be before it is queued again, and how long
    // a running export may go without a heartbeat before another run takes it over (its worker died).
    EXPORT_BATCH_SIZE: wholeNumber(500, 1, 100_000),
    EXPORT_FILE_TTL_MS: wholeNumber(24 * 3_600_000, 1_000, 365 * 24 * 3_600_000),
    EXPORT_PURGE_MS: wholeNumber(15 * 60_000, 100, 24 * 3_600_000),
    EXPORT_SWEEP_MS: wholeNumber(60_000, 100, 3_600_000),
    EXPORT_REQUEUE_AFTER_MS: wholeNumber(60_000, 0, 24 * 3_600_000),
    EXPORT_STALE_AFTER_MS: wholeNumber(120_000, 100, 24 * 3_600_000),
    // Exports one worker process writes at once (each holds ~25 MiB and a connection), and how many
    // exports one user may have waiting or running (more are refused with a 429).
    EXPORT_CONCURRENCY: wholeNumber(2, 1, 64),
    EXPORT_MAX_PER_USER: wholeNumber(3, 1, 1_000),
    // An export of at most this many rows runs in the small lane, a queue with slots of its own
    // (EXPORT_SMALL_CONCURRENCY per worker process), so it never waits behind big ones; 0: no small lane.
    // At most 100,000: the request counts up to this many rows before it answers.
    EXPORT_SMALL_ROWS: wholeNumber(10_000, 0, 100_000),
    EXPORT_SMALL_CONCURRENCY: wholeNumber(1, 1, 64),
    // The live stream: the changes Redis keeps for resuming clients (approximate), and how often each API
    // process checks that its open streams' sessions are still live and their groups unchanged.
    LIVE_STREAM_MAX_LENGTH: wholeNumber(LIVE_STREAM_DEFAULTS.maxLength, 10, 10_000_000),
    LIVE_ACCESS_CHECK_MS: wholeNumber(5_000, 50, 600_000),
    // Prometheus metrics on ports of their own (0: none), bound to METRICS_HOST: loopback unless
    // Prometheus scrapes over a private network (a compose network), never the public port.
    METRICS_PORT: wholeNumber(9464, 0, 65535),
    WORKER_METRICS_PORT: wholeNumber(9465, 0, 65535),
    METRICS_HOST: withDefault('127.0.0.1'),
    // Time-partitioned tables (month partitions): how many months ahead exist, and per table how many
    // days rows are kept at least before their month is dropped whole (0: kept forever).
    PARTITION_MONTHS_AHEAD: wholeNumber(2, 1, 24),
    LOGS_RETENTION_DAYS: wholeNumber(0, 0, 36_500),
    ACCOUNT_METRICS_RETENTION_DAYS: wholeNumber(0, 0, 36_500),
  })
  .superRefine((env, ctx) => {
    if (env.CAPTCHA_PROVIDER === 'recaptcha' && !env.RECAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: 'is missing (CAPTCHA_PROVIDER=recaptcha)' });
    }
    if (env.CAPTCHA_PROVIDER === 'recaptcha' && !env.RECAPTCHA_SITE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SITE_KEY'], message: 'is missing (CAPTCHA_PROVIDER=recaptcha)' });
    }
    // The sign-in history (the sign-in rows of logs) promises its window; logs must outlive it.
    if (env.LOGS_RETENTION_DAYS > 0 && env.LOGS_RETENTION_DAYS < SESSION_LIMITS.historyDays) {
      ctx.addIssue({ code: 'custom', path: ['LOGS_RETENTION_DAYS'], message: `must be 0 (keep forever) or at least ${SESSION_LIMITS.historyDays}, the days the sign-in history shows` });
    }
    if (env.EXPORT_STORE === 's3' && !env.EXPORT_S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['EXPORT_S3_BUCKET'], message: 'is missing (EXPORT_STORE=s3)' });
    }
  }, { when: () => true }) // also when other variables are wrong, so that every problem is named at once
  .transform((env) => ({
    databaseUrl: env.DATABASE_URL,
    /** The read replica's URL, when one is given: list and statistics reads of GET requests go there. */
    readDatabaseUrl: env.DATABASE_READ_URL,
    /** How long a user's reads stay on the primary after a write request of theirs. */
    readAfterWriteMs: env.READ_AFTER_WRITE_MS,
    redisUrl: env.REDIS_URL,
    port: env.PORT,
    jwtSecret: env.JWT_SECRET,
    /** 32 bytes for AES-256-GCM. */
    encryptionKey: env.ENCRYPTION_KEY,
    exportDir: resolve(env.EXPORT_DIR),
    candleImportDir: resolve(env.CANDLE_IMPORT_DIR),
    exchangeOrigin: env.MARKET_DATA_EXCHANGE_ORIGIN,
    liveCandlesPollMs: env.LIVE_CANDLES_POLL_MS,
    exportStore: env.EXPORT_STORE,
    /** The bucket and its client settings, with EXPORT_STORE=s3 (blank endpoint: AWS itself). */
    exportS3: {
      bucket: env.EXPORT_S3_BUCKET,
      endpoint: env.EXPORT_S3_ENDPOINT || undefined,
      region: env.EXPORT_S3_REGION,
      accessKeyId: env.EXPORT_S3_ACCESS_KEY_ID,
      secretAccessKey: env.EXPORT_S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.EXPORT_S3_FORCE_PATH_STYLE === 'true',
    },
    logLevel: env.LOG_LEVEL,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    captchaProvider: env.CAPTCHA_PROVIDER,
    /** The bot-check's work factor: the average number of SHA-256 rounds a browser runs to pass it. */
    captchaWork: env.CAPTCHA_WORK,
    recaptchaSecret: env.RECAPTCHA_SECRET,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL,
    /** Where the built SPA lives; empty when the API serves no SPA. */
    webDistDir: env.WEB_DIST_DIR,
    /** Prefix of every Redis key and queue, so several deployments (or test files) share one Redis. */
    redisPrefix: env.REDIS_PREFIX,
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** Telegram Bot API base; tests point it at a local fake server. */
    telegramApiBaseUrl: env.TELEGRAM_API_BASE_URL.replace(/\/+$/, ''),
    /** First retry delay of a failed Telegram send; later retries double it (5 attempts in all). */
    telegramRetryDelayMs: env.TELEGRAM_RETRY_DELAY_MS,
    /** A write route that succeeds without an audit row fails instead of getting a generic row (tests). */
    auditStrict: env.AUDIT_STRICT === 'true',
    scheduleCheckMs: env.SCHEDULE_CHECK_MS,
    telegramSweepMs: env.TELEGRAM_SWEEP_MS,
    telegramRequeueAfterMs: env.TELEGRAM_REQUEUE_AFTER_MS,
    telegramPollTimeoutSeconds: env.TELEGRAM_POLL_TIMEOUT_S,
    telegramLeaseMarginMs: env.TELEGRAM_LEASE_MARGIN_MS,
    discordApiBaseUrl: env.DISCORD_API_BASE_URL.replace(/\/+$/, ''),
    alertSweepMs: env.ALERT_SWEEP_MS,
    dailyReportHourUtc: env.DAILY_REPORT_HOUR_UTC,
    alertRequeueAfterMs: env.ALERT_REQUEUE_AFTER_MS,
    alertRetryDelayMs: env.ALERT_RETRY_DELAY_MS,
    /** A user's webhook must not reach into the network the worker runs in unless allowed. */
    alertPrivateTargets: env.ALERT_PRIVATE_TARGETS === 'allow',
    enqueueTimeoutMs: env.ENQUEUE_TIMEOUT_MS,
    workerHeartbeatFile: env.WORKER_HEARTBEAT_FILE,
    /** The console's address as browsers use it, without a trailing slash. */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** Serve /api/docs and /api/docs-json. */
    apiDocs: env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === 'true',
    /** How long a request body may take to arrive. */
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    /** Express's `trust proxy`: hops in front of the API, or the trusted proxies' addresses and ranges. */
    trustProxy: env.TRUST_PROXY,
    /** How many processes serve HTTP; each has its own database pool. */
    apiWorkers: env.API_WORKERS,
    exportBatchSize: env.EXPORT_BATCH_SIZE,
    exportFileTtlMs: env.EXPORT_FILE_TTL_MS,
    exportPurgeMs: env.EXPORT_PURGE_MS,
    exportSweepMs: env.EXPORT_SWEEP_MS,
    exportRequeueAfterMs: env.EXPORT_REQUEUE_AFTER_MS,
    exportStaleAfterMs: env.EXPORT_STALE_AFTER_MS,
    exportConcurrency: env.EXPORT_CONCURRENCY,
    exportMaxPerUser: env.EXPORT_MAX_PER_USER,
    /** Rows of an export the small lane takes at most; 0: every export runs in the main lane. */
    exportSmallRows: env.EXPORT_SMALL_ROWS,
    exportSmallConcurrency: env.EXPORT_SMALL_CONCURRENCY,
    liveStreamMaxLength: env.LIVE_STREAM_MAX_LENGTH,
    liveAccessCheckMs: env.LIVE_ACCESS_CHECK_MS,
    /** The API's metrics port (the cluster's primary serves every process's); 0: none. */
    metricsPort: env.METRICS_PORT,
    /** The worker's metrics port; 0: none. */
    workerMetricsPort: env.WORKER_METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    partitionMonthsAhead: env.PARTITION_MONTHS_AHEAD,
    /** Days a log row is kept at least; 0: forever. Its month partition is dropped whole after that. */
    logsRetentionDays: env.LOGS_RETENTION_DAYS,
    /** Days a minute metrics row is kept at least; 0: forever. Charts of older ranges read the hourly and longer bars. */
    accountMetricsRetentionDays: env.ACCOUNT_METRICS_RETENTION_DAYS,
  }));

export type AppConfig = z.output<typeof environment>;

/** Each problem as `NAME message`, in the order the schema lists the variables. */
function problemsOf(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`))];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error));
  return parsed.data;
}

/** ENCRYPTION_KEY alone, for the CLI tasks that need no other setting. */
export function loadEncryptionKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const parsed = encryptionKey.safeParse(env.ENCRYPTION_KEY);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => `ENCRYPTION_KEY ${issue.message}`));
  return parsed.data;
}

/** Nest injection token for AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
