import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queue-worker';
import { JOBS, QUEUES } from '../queues';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Clears spent and expired sign-in material: refresh tokens, revoked families, bot-check proofs. */
@Processor(QUEUES.maintenance, WORKER_OPTIONS)
export class MaintenanceProcessor extends QueueWorker {
  protected readonly logger = new Logger('Maintenance');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @InjectQueue(QUEUES.maintenance) private readonly queue: Queue,
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
    const [, tokens] = (await this.dataSource.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`)) as [unknown, number];
    const [, families] = (await this.dataSource.query(
      `DELETE FROM token_families f WHERE (revoked_at IS NOT NULL AND revoked_at < now() - interval '7 days')
         OR NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.id)`,
    )) as [unknown, number];
    const [, proofs] = (await this.dataSource.query(`DELETE FROM captcha_proofs WHERE expires_at < now()`)) as [unknown, number];
    const result = { tokens, families, proofs };
    this.logger.log(`purged ${JSON.stringify(result)}`);
    return result;
  }
}
