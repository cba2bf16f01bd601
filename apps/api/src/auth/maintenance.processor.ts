import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { CaptchaProofsRepository } from './captcha-proofs.repository';
import { SessionsRepository } from './sessions.repository';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES } from '../queues/queues';
import { MAINTENANCE_QUEUE } from '../queues/queue-producers.module';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Clears spent and expired sign-in material: refresh tokens, revoked families, bot-check proofs. */
@Processor(QUEUES.maintenance, WORKER_OPTIONS)
export class MaintenanceProcessor extends QueueWorker {
  protected readonly logger = new Logger('Maintenance');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(MAINTENANCE_QUEUE) private readonly queue: Queue,
    private readonly sessions: SessionsRepository,
    private readonly proofs: CaptchaProofsRepository,
  ) {
    super();
  }

  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.purgeExpiredAuth, PURGE_EVERY_MS)];
  }

  async process(job: Job): Promise<Record<string, number>> {
    if (job.name !== JOBS.purgeExpiredAuth) throw new Error(`Unknown job ${job.name}`);
    return this.purgeExpiredAuth();
  }

  async purgeExpiredAuth(): Promise<Record<string, number>> {
    const { tokens, families } = await this.sessions.purgeExpired(this.dataSource);
    const proofs = await this.proofs.purgeExpired(this.dataSource);
    const result = { tokens, families, proofs };
    this.logger.log(`purged ${JSON.stringify(result)}`);
    return result;
  }
}
