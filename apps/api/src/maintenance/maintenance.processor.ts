import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { CaptchaProofsRepository } from '../auth/captcha-proofs.repository';
import { SessionsRepository } from '../auth/sessions.repository';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES } from '../queues/queues';
import { MAINTENANCE_QUEUE } from '../queues/queue-producers.module';
import { TimePartitionsService } from './time-partitions.service';

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Hourly: a month partition is made two months ahead, so a run that fails for a while costs nothing. */
const PARTITIONS_EVERY_MS = 60 * 60 * 1000;

/**
 * The housekeeping jobs: spent and expired sign-in material (refresh tokens, revoked families, bot-check
 * proofs, personal API tokens long revoked or expired), and the month partitions of the time-partitioned tables (made ahead, old ones dropped).
 */
@Processor(QUEUES.maintenance, WORKER_OPTIONS)
export class MaintenanceProcessor extends QueueWorker {
  protected readonly logger = new Logger('Maintenance');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(MAINTENANCE_QUEUE) private readonly queue: Queue,
    private readonly sessions: SessionsRepository,
    private readonly proofs: CaptchaProofsRepository,
    private readonly apiTokens: ApiTokensRepository,
    private readonly partitions: TimePartitionsService,
  ) {
    super();
  }

  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.purgeExpiredAuth, PURGE_EVERY_MS), repeatingJob(this.queue, JOBS.maintainPartitions, PARTITIONS_EVERY_MS)];
  }

  async process(job: Job): Promise<Record<string, unknown>> {
    if (job.name === JOBS.purgeExpiredAuth) return this.purgeExpiredAuth();
    if (job.name === JOBS.maintainPartitions) return this.partitions.maintain();
    throw new Error(`Unknown job ${job.name}`);
  }

  async purgeExpiredAuth(): Promise<Record<string, number>> {
    const { tokens, families } = await this.sessions.purgeExpired(this.dataSource);
    const proofs = await this.proofs.purgeExpired(this.dataSource);
    const apiTokens = await this.apiTokens.purgeSpent(this.dataSource);
    const result = { tokens, families, proofs, apiTokens };
    this.logger.log(`purged ${JSON.stringify(result)}`);
    return result;
  }
}
