/**
 * Reads that may be served by a streaming replica (DATABASE_READ_URL): the list pages and the statistics
 * and chart reads of GET requests. Everything else, and every read when no replica is given, runs on the
 * primary. See docs/decisions/read-replica.md.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { currentRequestContext } from '../http/request-context';
import { REDIS } from '../redis/redis.module';
import { NO_JIT } from './data-source';

/** After the replica failed to answer, reads stay on the primary this long before it is tried again. */
export const REPLICA_RETRY_MS = 5_000;
/** A replica that does not accept a connection within this time counts as down for the read at hand. */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;
/** Read-your-writes asks Redis at most this long; no answer means the primary (never a stale read). */
const REDIS_WAIT_MS = 500;

/**
 * SQLSTATEs that say the replica, not the statement, is the problem: connection exceptions (08),
 * shutdown and not-yet-consistent (57P), too many connections (53300), a database not replicated yet
 * (3D000), and a read cancelled by a recovery conflict (40001). Any other SQL error is the statement's
 * and would fail on the primary too.
 */
const REPLICA_STATES = ['08', '57P', '53300', '3D000', '40001'];

function replicaUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const sqlState = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
  // No SQLSTATE: the socket, a timeout or a closed pool, never the statement.
  return sqlState === null || REPLICA_STATES.some((prefix) => sqlState.startsWith(prefix));
}

export interface ReplicaState {
  state: 'up' | 'down';
  /** Seconds since the last transaction replayed while WAL waits to be replayed; 0 when caught up. */
  lagSeconds: number | null;
}

const readAfterWriteKey = (prefix: string, userId: number) => `${prefix}:read-after-write:${userId}`;

/**
 * The one seam for replica reads: list and statistics services pass it where they would pass the
 * DataSource. Per statement it picks the replica when the request allows it (a GET by a user who has
 * not written within READ_AFTER_WRITE_MS) and the replica answered its last read; else the primary. A
 * read the replica cannot serve runs again on the primary, and the replica rests REPLICA_RETRY_MS.
 */
@Injectable()
export class ReadDb implements OnApplicationShutdown {
  private readonly logger = new Logger('ReadReplica');
  private readonly replica: Pool | null;
  private downUntil = 0;

  constructor(
    @InjectDataSource() private readonly primary: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // A pool connects on its first query, so a replica that is down at start only sends reads to the primary.
    this.replica = config.readDatabaseUrl
      ? new Pool({
          connectionString: config.readDatabaseUrl,
          max: 10,
          idleTimeoutMillis: 30_000,
          connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS,
          application_name: 'trading-console-read',
          options: NO_JIT,
        })
      : null;
    // An idle connection dropped by a replica restart must not end the process; the next read reconnects.
    this.replica?.on('error', (error) => this.logger.warn(`replica connection lost: ${error.message}`));
  }

  /** Whether a replica is configured at all. */
  get enabled(): boolean {
    return this.replica !== null;
  }

  async query<T = unknown>(sql: string, parameters: unknown[] = []): Promise<T> {
    if (!this.replica || !currentRequestContext()?.reads.replica || Date.now() < this.downUntil) return this.primary.query(sql, parameters);
    try {
      return (await this.replica.query(sql, parameters)).rows as T;
    } catch (error) {
      if (!replicaUnavailable(error)) throw new QueryFailedError(sql, parameters, error as Error);
      if ((error as { code?: unknown }).code !== '40001') this.rest(error);
      return this.primary.query(sql, parameters);
    }
  }

  /**
   * Called for a GET once the caller is known: its reads may go to the replica unless the user wrote
   * within the window. When Redis cannot say, the primary serves (slower, never stale).
   */
  async allowReplica(userId: number | undefined): Promise<void> {
    const routing = currentRequestContext()?.reads;
    if (!this.replica || !routing) return;
    if (userId === undefined || this.config.readAfterWriteMs === 0) {
      routing.replica = true;
      return;
    }
    const wrote = await withTimeout(this.redis.exists(readAfterWriteKey(this.config.redisPrefix, userId)), REDIS_WAIT_MS).catch(() => null);
    routing.replica = wrote === 0;
  }

  /** A write request by the user has finished: their reads use the primary for READ_AFTER_WRITE_MS from now. */
  async wrote(userId: number): Promise<void> {
    if (!this.replica || this.config.readAfterWriteMs === 0) return;
    await withTimeout(this.redis.set(readAfterWriteKey(this.config.redisPrefix, userId), '1', 'PX', this.config.readAfterWriteMs), REDIS_WAIT_MS).catch((error: Error) =>
      this.logger.warn(`read-after-write mark not stored: ${error.message}`),
    );
  }

  /** For /health: whether the replica answers, and how far its replay is behind. */
  async probe(timeoutMs: number): Promise<ReplicaState> {
    if (!this.replica) throw new Error('no replica is configured');
    try {
      const { rows } = await withTimeout(
        this.replica.query<{ lag: number | null }>(
          `SELECT CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
                       ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 END AS lag`,
        ),
        timeoutMs,
      );
      this.downUntil = 0;
      return { state: 'up', lagSeconds: rows[0]?.lag ?? null };
    } catch {
      return { state: 'down', lagSeconds: null };
    }
  }

  private rest(error: unknown): void {
    if (Date.now() >= this.downUntil) this.logger.warn(`replica unavailable, reads go to the primary for ${REPLICA_RETRY_MS} ms: ${(error as Error).message}`);
    this.downUntil = Date.now() + REPLICA_RETRY_MS;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.replica?.end();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
