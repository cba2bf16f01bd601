import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { sweepOutbox } from '../queues/outbox';
import { CANDLE_DOWNLOADS_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES, type DownloadCandlesJob } from '../queues/queues';
import { CandleDownloadRefused, downloadCandles, exchangeClient } from './candle-downloader';
import { CANDLE_DOWNLOAD_ATTEMPTS, candleDownloadsOutbox } from './candle-downloads.outbox';
import { CandleDownloadsRepository } from './candle-downloads.repository';

/** One download at a time per worker process: the exchange's rate limit is per client, and a client is per run. */
const CANDLE_DOWNLOAD_CONCURRENCY = 1;

/**
 * Runs candle_downloads rows: page after page from the task's next minute, each page committed with the
 * minute after it. A network that is away or an exchange that refuses fails the run with the exchange's
 * message (kept on the row and logged); BullMQ retries it with backoff, and the retry resumes where the
 * store stopped. An exchange or market that does not exist fails at once.
 */
@Processor(QUEUES.candleDownloads, WORKER_OPTIONS)
export class CandleDownloadsProcessor extends QueueWorker {
  protected readonly logger = new Logger('CandleDownloads');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(CANDLE_DOWNLOADS_QUEUE) private readonly queue: Queue,
    private readonly downloads: CandleDownloadsRepository,
  ) {
    super();
  }

  protected override get concurrency(): number {
    return CANDLE_DOWNLOAD_CONCURRENCY;
  }

  /** The sweeper: tasks whose job was lost (Redis away when the download was asked for) are queued again. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.requeuePendingCandleDownloads, this.config.exportSweepMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingCandleDownloads) return { requeued: await sweepOutbox(this.dataSource, candleDownloadsOutbox, this.queue, this.config.exportRequeueAfterMs) };
    if (job.name !== JOBS.downloadCandles) throw new Error(`Unknown job ${job.name}`);
    const { taskId } = (job as Job<DownloadCandlesJob['data']>).data;
    return this.run(taskId, job.attemptsMade + 1 >= (job.opts.attempts ?? CANDLE_DOWNLOAD_ATTEMPTS));
  }

  async run(taskId: string, lastAttempt = true): Promise<string> {
    const task = await this.downloads.claim(this.dataSource, taskId);
    if (!task) return 'already-done';
    const range = { exchange: task.exchange, symbol: task.symbol, from: task.from_minute.getTime(), to: task.to_minute.getTime(), next: task.next_minute.getTime() };
    try {
      const client = exchangeClient(task.exchange, this.config.exchangeOrigin);
      const added = await downloadCandles(this.dataSource, client, range, { onPage: (db, page) => this.downloads.page(db, taskId, page) });
      await this.downloads.succeeded(this.dataSource, taskId);
      this.logger.log({ taskId, exchange: task.exchange, symbol: task.symbol, added, msg: `candle download ${taskId}: ${task.exchange} ${task.symbol}: ${added} new` });
      return 'SUCCESS';
    } catch (error) {
      const message = (error as Error).message;
      const final = lastAttempt || error instanceof CandleDownloadRefused;
      await this.downloads.failed(this.dataSource, taskId, message, final);
      this.logger.error({ taskId, exchange: task.exchange, symbol: task.symbol, final, msg: `candle download ${taskId}: ${task.exchange} ${task.symbol} failed${final ? '' : ', retried'}: ${message}` });
      if (final) return 'FAILURE';
      throw error;
    }
  }
}
