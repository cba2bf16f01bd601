import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { sweepOutbox } from '../queues/outbox';
import { CANDLE_IMPORTS_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES, type ImportCandlesJob } from '../queues/queues';
import { CandleFileError } from './candle-files';
import { importCandleFile } from './candle-importer';
import { CANDLE_IMPORT_ATTEMPTS, candleImportsOutbox } from './candle-imports.outbox';
import { CandleImportsRepository } from './candle-imports.repository';

/** One import at a time per worker process: each holds a connection and a transaction for a whole file. */
const CANDLE_IMPORT_CONCURRENCY = 1;

/**
 * Loads the files of candle_imports rows, one after the other, each in its own transaction (its rows and
 * its DONE commit together): a refused file is FAILED with its line and leaves nothing, the next file
 * still loads; a run stopped midway (a lost connection, a dead worker) is retried and reads only the files
 * still PENDING. Each file is deleted once read, the task's folder when it ends.
 */
@Processor(QUEUES.candleImports, WORKER_OPTIONS)
export class CandleImportsProcessor extends QueueWorker {
  protected readonly logger = new Logger('CandleImports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(CANDLE_IMPORTS_QUEUE) private readonly queue: Queue,
    private readonly imports: CandleImportsRepository,
  ) {
    super();
  }

  protected override get concurrency(): number {
    return CANDLE_IMPORT_CONCURRENCY;
  }

  /** The sweeper: tasks whose job was lost (Redis away when the upload was accepted) are queued again. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.requeuePendingCandleImports, this.config.exportSweepMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingCandleImports) return { requeued: await sweepOutbox(this.dataSource, candleImportsOutbox, this.queue, this.config.exportRequeueAfterMs) };
    if (job.name !== JOBS.importCandles) throw new Error(`Unknown job ${job.name}`);
    const { taskId } = (job as Job<ImportCandlesJob['data']>).data;
    return this.run(taskId, job.attemptsMade + 1 >= (job.opts.attempts ?? CANDLE_IMPORT_ATTEMPTS));
  }

  async run(taskId: string, lastAttempt = true): Promise<string> {
    const task = await this.imports.claim(this.dataSource, taskId);
    if (!task) return 'already-done';
    const count = task.files.length;
    for (const [index, file] of task.files.entries()) {
      if (file.status !== 'PENDING') continue;
      try {
        const result = await importCandleFile(
          this.dataSource,
          { exchange: task.exchange, symbol: task.symbol, path: file.path, name: file.name },
          {
            onProgress: (read, total) => this.imports.progress(this.dataSource, taskId, Math.min(99, Math.floor(((index + (total ? read / total : 1)) / count) * 100))),
            beforeCommit: (client, done) => this.imports.fileDone(client, taskId, index, done),
          },
        );
        this.logger.log({ taskId, file: file.name, rows: result.rows, added: result.added, msg: `candle import ${taskId}: ${file.name}: ${result.rows} rows, ${result.added} new` });
      } catch (error) {
        if (!(error instanceof CandleFileError) && !lastAttempt) throw error;
        // A refused file (or the last attempt's failure) is the file's result; the others still load.
        await this.imports.fileFailed(this.dataSource, taskId, index, error instanceof CandleFileError ? error.message : `${file.name}: ${(error as Error).message}`);
      }
      await rm(file.path, { force: true });
    }
    const status = await this.imports.finish(this.dataSource, taskId);
    if (task.files.length) await rm(dirname(task.files[0].path), { recursive: true, force: true });
    return status ?? 'already-done';
  }
}
