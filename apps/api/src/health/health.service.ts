import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthAnswer } from '@console/contracts';
import { PROBE_TIMEOUT_MS, RedisHealthIndicator, WorkerHeartbeatIndicator } from './health.indicators';

/**
 * Runs the probes through Terminus (in parallel, each with a timeout) and answers the flat body the
 * API has always given: `{status: ok|down, database, redis, worker: up|down}`.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly checks: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly workers: WorkerHeartbeatIndicator,
  ) {}

  async check(): Promise<HealthAnswer> {
    const result = await this.checks
      .check([
        () => this.database.pingCheck('database', { timeout: PROBE_TIMEOUT_MS }),
        () => this.redis.ping('redis'),
        () => this.workers.anyAlive('worker'),
      ])
      // Terminus throws 503 with its result when a probe is down (or the app is shutting down).
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const state = (key: string) => (result.details[key]?.status === 'up' ? 'up' : 'down');
    return { status: result.status === 'ok' ? 'ok' : 'down', database: state('database'), redis: state('redis'), worker: state('worker') };
  }
}
