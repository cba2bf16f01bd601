import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES } from '../queues/queues';
import { MM_DEPOSITS_QUEUE } from '../queues/queue-producers.module';
import { MmDepositsService } from './mm-deposits.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Once a day: the automatic re-invest of the MM deposit, when it is switched on. */
@Processor(QUEUES.mmDeposits, WORKER_OPTIONS)
export class MmDepositsProcessor extends QueueWorker {
  protected readonly logger = new Logger('MmDeposits');

  constructor(
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(MM_DEPOSITS_QUEUE) private readonly queue: Queue,
    private readonly deposits: MmDepositsService,
  ) {
    super();
  }

  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.reinvestMmDeposit, DAY_MS)];
  }

  async process(job: Job): Promise<{ reinvestedPercent: string | null }> {
    if (job.name !== JOBS.reinvestMmDeposit) throw new Error(`Unknown job ${job.name}`);
    return { reinvestedPercent: await this.deposits.reinvestDaily() };
  }
}
