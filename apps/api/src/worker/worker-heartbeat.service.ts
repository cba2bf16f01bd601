import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_STALE_MS, heartbeatKey } from '../queues/queues';

/**
 * Beats this worker process's heartbeat into a Redis sorted set that /health reads (member = a unique
 * process id, so any number of worker processes beat side by side). A stopping worker leaves the set
 * at once; one that died is dropped by the others' beats once long stale.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch((e: Error) => this.logger.error(`heartbeat: ${e.message}`)), HEARTBEAT_INTERVAL_MS);
    this.logger.log(`worker ${this.id} started`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.zrem(heartbeatKey(this.config.redisPrefix), this.id).catch(() => undefined);
    this.logger.log(`worker ${this.id} stopping`);
  }

  private async beat(): Promise<void> {
    // The process's own liveness for a container health check, whether or not Redis answers.
    if (this.config.workerHeartbeatFile) writeFileSync(this.config.workerHeartbeatFile, String(Date.now()));
    const key = heartbeatKey(this.config.redisPrefix);
    const now = Date.now();
    await this.redis.multi().zadd(key, now, this.id).zremrangebyscore(key, '-inf', now - HEARTBEAT_STALE_MS * 10).exec();
  }
}
