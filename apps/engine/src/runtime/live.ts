/**
 * The engine's side of the live stream: what a commit changed, gathered while the transaction runs and
 * appended to the consoles' Redis stream once it has committed, in the same entries the API and the
 * worker write. Publishing never fails the engine and waits a bounded time: PostgreSQL stays the
 * record, and a console that misses an event sees the change on its next fetch.
 */
import {
  appendLiveChanges,
  commandChanges,
  LIVE_STREAM_DEFAULTS,
  liveStreamKey,
  type EngineCommandKind,
  type LiveAction,
  type LiveChange,
  type ResourceName,
  type SectionName,
} from '@console/contracts';
import { Redis } from 'ioredis';

export interface LivePublisher {
  publish(changes: readonly LiveChange[]): Promise<void>;
  close(): Promise<void>;
}

/** No Redis configured: the consoles refresh on their own fetches. */
export const NO_LIVE: LivePublisher = { publish: async () => undefined, close: async () => undefined };

export interface RedisLiveOptions {
  url: string;
  prefix: string;
  maxLength: number;
  /** The longest a commit waits for Redis before it carries on without its events. */
  timeoutMs: number;
  warn?: (message: string) => void;
}

export function redisLivePublisher(options: RedisLiveOptions): LivePublisher {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  // No offline queue: while Redis is away a publish fails at once instead of piling up behind it.
  const redis = new Redis(options.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) warn(`live stream: Redis unavailable (${error.message}); consoles refresh on fetch until it is back`);
    down = true;
  });
  redis.on('ready', () => (down = false));
  const key = liveStreamKey(options.prefix);
  return {
    async publish(changes) {
      if (!changes.length) return;
      const { outcome } = await appendLiveChanges(redis, key, options.maxLength, changes, options.timeoutMs);
      if (outcome !== 'sent' && !down) warn(`live stream: ${changes.length} change(s) not published (${outcome})`);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The publisher the environment asks for: REDIS_URL (none: no live events), REDIS_PREFIX, LIVE_STREAM_MAX_LENGTH, ENQUEUE_TIMEOUT_MS. */
export function livePublisherFromEnv(env: NodeJS.ProcessEnv): LivePublisher {
  if (!env.REDIS_URL) return NO_LIVE;
  const whole = (value: string | undefined, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);
  return redisLivePublisher({
    url: env.REDIS_URL,
    prefix: env.REDIS_PREFIX || LIVE_STREAM_DEFAULTS.redisPrefix,
    maxLength: whole(env.LIVE_STREAM_MAX_LENGTH, LIVE_STREAM_DEFAULTS.maxLength),
    timeoutMs: whole(env.ENQUEUE_TIMEOUT_MS, LIVE_STREAM_DEFAULTS.publishTimeoutMs),
  });
}

/** Account metrics (the charts) are announced at most this often: a new point each minute is no news. */
export const METRICS_EVENT_EVERY_MS = 60_000;

interface Pending {
  resource: ResourceName;
  action: LiveAction;
  section: SectionName;
  ids: Set<string>;
}

/**
 * What one commit changed, one event per resource and action with all its ids (not one per row), and
 * each engine command's outcome in the entries the API announces a command with.
 */
export class CommitChanges {
  private rows = new Map<string, Pending>();
  private commands: LiveChange[] = [];
  private metrics = false;
  private lastMetricsAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = Date.now) {}

  rowsChanged(resource: ResourceName, section: SectionName, action: LiveAction, ids: Iterable<string | number>): void {
    const key = `${resource}:${action}`;
    const pending = this.rows.get(key) ?? { resource, action, section, ids: new Set<string>() };
    for (const id of ids) pending.ids.add(String(id));
    if (pending.ids.size) this.rows.set(key, pending);
  }

  commandSettled(commandId: string, kind: EngineCommandKind, targetId: string | null, status: 'succeeded' | 'failed' | 'superseded'): void {
    this.commands.push(...commandChanges(commandId, kind, targetId, status));
  }

  metricsWritten(): void {
    this.metrics = true;
  }

  /** Forgets what a transaction that did not commit gathered. */
  clear(): void {
    this.rows.clear();
    this.commands = [];
    this.metrics = false;
  }

  /** The committed transaction's events, rows first and command outcomes after; empties the batch. */
  take(): LiveChange[] {
    const changes: LiveChange[] = [...this.rows.values()].map(({ resource, action, section, ids }) => ({ resource, action, section, ids: [...ids] }));
    changes.push(...this.commands);
    const at = this.now();
    if (this.metrics && at - this.lastMetricsAt >= METRICS_EVENT_EVERY_MS) {
      changes.push({ resource: 'charts', action: 'updated', section: 'charts' });
      this.lastMetricsAt = at;
    }
    this.clear();
    return changes;
  }
}
