import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckResult, HealthCheckService, HealthIndicatorFunction, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthAnswer } from '@console/contracts';
import { ReadDb } from '../common/database/read-replica';
import { EngineHeartbeatIndicator, PROBE_TIMEOUT_MS, RedisHealthIndicator, WorkerHeartbeatIndicator } from './health.indicators';

/**
 * Runs the probes through Terminus (in parallel, each with a timeout) and answers the flat body the
 * API has always given: `{status: ok|down, database, redis, worker, engine: up|down}` (the engine process
 * carries out the commands), and `replica` with its lag when DATABASE_READ_URL is set.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly checks: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly workers: WorkerHeartbeatIndicator,
    private readonly engine: EngineHeartbeatIndicator,
    private readonly reads: ReadDb,
  ) {}

  async check(): Promise<HealthAnswer> {
    const probes: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: PROBE_TIMEOUT_MS }),
      () => this.redis.ping('redis'),
      () => this.workers.anyAlive('worker'),
      () => this.engine.fresh('engine'),
    ];
    // The replica is reported beside the probes, not among them: reads fall back to the primary while it is down.
    const replica = this.reads.enabled ? this.reads.probe(PROBE_TIMEOUT_MS) : null;
    const result = await this.checks
      .check(probes)
      // Terminus throws 503 with its result when a probe is down (or the app is shutting down).
      .catch((error: unknown) => {
        if (error instanceof ServiceUnavailableException) return error.getResponse() as HealthCheckResult;
        throw error;
      });
    const state = (key: string) => (result.details[key]?.status === 'up' ? 'up' : 'down');
    const answer: HealthAnswer = { status: result.status === 'ok' ? 'ok' : 'down', database: state('database'), redis: state('redis'), worker: state('worker'), engine: state('engine') };
    if (replica) {
      const { state: replicaState, lagSeconds } = await replica;
      answer.replica = replicaState;
      answer.replica_lag_seconds = lagSeconds;
    }
    return answer;
  }
}
