import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { readEngineHeartbeat } from '../engine/engine-heartbeat';
import { HEARTBEAT_STALE_MS, heartbeatKey } from '../queues/queues';

/** How long one probe may take before it counts as down. */
export const PROBE_TIMEOUT_MS = 2000;

/** Redis answers PING on the app's shared connection. */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  ping(key: string) {
    return this.indicators
      .check(key)
      .attempt(async () => {
        await this.redis.ping();
      })
      .withTimeout(PROBE_TIMEOUT_MS);
  }
}

/** At least one worker process beat its heartbeat within HEARTBEAT_STALE_MS. */
@Injectable()
export class WorkerHeartbeatIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  anyAlive(key: string) {
    return this.indicators
      .check(key)
      .attempt(async () => {
        const alive = await this.redis.zcount(heartbeatKey(this.config.redisPrefix), Date.now() - HEARTBEAT_STALE_MS, '+inf');
        if (alive < 1) throw new Error('no live worker');
        return { alive };
      })
      .withTimeout(PROBE_TIMEOUT_MS);
  }
}

/** The paper engine beat engine_state.heartbeat_at within ENGINE_HEARTBEAT_STALE_SECONDS (the database's clock on both sides). */
@Injectable()
export class EngineHeartbeatIndicator {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  fresh(key: string) {
    return this.indicators
      .check(key)
      .attempt(async () => {
        if (!(await readEngineHeartbeat(this.db)).fresh) throw new Error('no engine heartbeat');
      })
      .withTimeout(PROBE_TIMEOUT_MS);
  }
}
