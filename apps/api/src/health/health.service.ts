import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorFunction, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthAnswer } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { EngineHeartbeatIndicator, PROBE_TIMEOUT_MS, RedisHealthIndicator, WorkerHeartbeatIndicator } from './health.indicators';

/**
 * Runs the probes through Terminus (in parallel, each with a timeout) and answers the flat body the
 * API has always given: `{status: ok|down, database, redis, worker: up|down}`, plus `engine` when the
 * paper engine process carries out the commands (ENGINE=paper); the simulated stand-in lives in the worker.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly checks: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly workers: WorkerHeartbeatIndicator,
    private readonly engine: EngineHeartbeatIndicator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async check(): Promise<HealthAnswer> {
    const engineRuns = this.config.engine === 'paper';
    const probes: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: PROBE_TIMEOUT_MS }),
      () => this.redis.ping('redis'),
      () => this.workers.anyAlive('worker'),
    ];
    if (engineRuns) probes.push(() => this.engine.fresh('engine'));
    const result = await this.checks
      .check(probes)
      // Terminus throws 503 with its result when a probe is down (or the app is shutting down).
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const state = (key: string) => (result.details[key]?.status === 'up' ? 'up' : 'down');
    const answer: HealthAnswer = { status: result.status === 'ok' ? 'ok' : 'down', database: state('database'), redis: state('redis'), worker: state('worker') };
    if (engineRuns) answer.engine = state('engine');
    return answer;
  }
}
