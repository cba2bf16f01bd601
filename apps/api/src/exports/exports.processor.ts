import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { type ExportStatus, NOTICES } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { publishAfterCommit, sweepOutbox } from '../queues/outbox';
import { ALERT_DELIVERIES_QUEUE } from '../queues/queue-producers.module';
import { NOTIFICATION_FAN_OUT } from '../alert-channels/alert-deliveries.jobs';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES, type BuildExportJob } from '../queues/queues';
import { LiveEvents } from '../live/live-events';
import { EXPORT_STORE, type ExportStore } from './export-store';
import { ExportQueues } from './export-lanes';
import { exportChange } from './export-live-changes';
import { exportSourceOf } from './export-sources';
import { ExportTasksRepository } from './export-tasks.repository';
import { EXPORT_ATTEMPTS, exportsOutbox, moveUpWaiting } from './exports.outbox';
import { writeListXlsx } from './xlsx-writer';
import { exportDuration, exportSize } from '../metrics/metrics';

export type ExportRunOutcome = 'succeeded' | 'already-done' | 'superseded' | 'cancelled' | 'gave-up';

/** Progress (and the owner's heartbeat) is written after about this many rows. */
const PROGRESS_EVERY_ROWS = 10_000;
/** Runs of one task (retries, take-overs after a dead worker) before it is marked failed for good. */
const MAX_RUNS = 6;
const PURGE_LIMIT = 500;

/** Thrown inside a run whose task another run took over: it stops writing and leaves the task alone. */
class RunSuperseded extends Error {}
/** Thrown inside a run whose task its requester cancelled: it stops writing and leaves no file. */
class RunCancelled extends Error {}

/**
 * Writes the xlsx file of export_tasks rows: this class takes the main lane's jobs, SmallExportsProcessor
 * the small lane's with the same code. A run claims its task (row first: the job is a wake-up),
 * writes a file of its own in the export store, makes it the task's and only then marks SUCCESS, each
 * write naming its run key; so a retried or duplicated job never leaves a partial or second file, and a
 * SUCCESS task is not written again. A run whose task was cancelled stops at its next progress write and
 * deletes what it wrote. Expired files are deleted on a schedule.
 */
@Processor(QUEUES.exports, WORKER_OPTIONS)
export class ExportsProcessor extends QueueWorker {
  protected readonly logger = new Logger('Exports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    private readonly queues: ExportQueues,
    private readonly tasks: ExportTasksRepository,
    private readonly live: LiveEvents,
    @Inject(EXPORT_STORE) private readonly store: ExportStore,
    private readonly notifications: NotificationsRepository,
    @Inject(ALERT_DELIVERIES_QUEUE) private readonly alertsQueue: Queue,
  ) {
    super();
  }

  /** Each export holds a connection and ~25 MiB while it writes: EXPORT_CONCURRENCY bounds them per process. */
  protected override get concurrency(): number {
    return this.config.exportConcurrency;
  }

  /** The sweeper (which queues every lane's tasks) and the purge, on the main lane's queue. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    const queue = this.queues.of('main');
    return [repeatingJob(queue, JOBS.requeuePendingExports, this.config.exportSweepMs), repeatingJob(queue, JOBS.purgeExpiredExports, this.config.exportPurgeMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingExports) return { requeued: await this.sweep() };
    if (job.name === JOBS.purgeExpiredExports) return this.purge();
    if (job.name !== JOBS.buildExport) throw new Error(`Unknown job ${job.name}`);
    const { taskId, requestId } = (job as Job<BuildExportJob['data']>).data;
    return this.run(taskId, { lastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? EXPORT_ATTEMPTS), requestId });
  }

  /** Tasks whose job was lost (Redis away at the request, a worker that died mid-run) are queued again. */
  sweep(): Promise<number> {
    const outbox = exportsOutbox(this.config.exportStaleAfterMs, { db: this.dataSource, tasks: this.tasks, live: this.live });
    return sweepOutbox(this.dataSource, outbox, this.queues, this.config.exportRequeueAfterMs);
  }

  /**
   * One run of one task. `afterBatch` lets a test hold a run in the middle of its file, as a worker that
   * froze or died there would be.
   */
  async run(taskId: string, options: { lastAttempt?: boolean; afterBatch?: () => Promise<void>; requestId?: string } = {}): Promise<ExportRunOutcome> {
    const runKey = randomUUID();
    const task = await this.tasks.claim(this.dataSource, taskId, runKey, this.config.exportStaleAfterMs);
    if (!task) return 'already-done';
    // The requester's open consoles follow the task's state (live stream).
    const announce = (status: ExportStatus, progress: number) => this.live.publish(...exportChange(task, status, progress));
    const source = exportSourceOf(task.kind);
    if (!source || task.runs > MAX_RUNS) {
      if (!(await this.tasks.giveUp(this.dataSource, taskId, source ? `stopped after ${MAX_RUNS} runs` : `no export of ${task.kind}`))) return 'already-done';
      await announce('FAILURE', task.progress);
      return 'gave-up';
    }
    await announce('STARTED', 0);
    const timed = exportDuration.startTimer({ kind: task.kind });
    const upload = await this.store.begin(taskId, runKey);
    /** Where the file went once put in place, before the task says SUCCESS. */
    let committed: string | null = null;
    const stillOurs = async (percent: number) => {
      if (!(await this.tasks.progress(this.dataSource, taskId, runKey, percent))) throw (await this.isCancelled(taskId)) ? new RunCancelled() : new RunSuperseded();
      await announce('PROGRESS', percent);
      await options.afterBatch?.();
    };
    try {
      // Read-only transaction of its own: the rows' cursor lives in it; progress commits on other connections.
      const rowCount = await this.dataSource.transaction(async (m) => {
        await this.tasks.readOnly(m);
        // The transaction's own pg connection, where the cursor lives: its rows are read as arrays.
        const client = (await m.queryRunner!.connect()) as PoolClient;
        return writeListXlsx(m, source, task.filters, task.list_perm, upload.out, {
          batchSize: this.config.exportBatchSize,
          fetchArrays: (sql) => client.query({ text: sql, rowMode: 'array' }),
          progressEvery: options.afterBatch ? 1 : Math.max(1, Math.round(PROGRESS_EVERY_ROWS / this.config.exportBatchSize)),
          onProgress: stillOurs,
        });
      });
      await stillOurs(99);
      const { location, bytes: size } = await upload.commit();
      committed = location;
      // The requester hears of it on their own channels: the notification commits with the SUCCESS.
      const readyNotice = await this.dataSource.transaction(async (m) => {
        if (!(await this.tasks.succeed(m, taskId, runKey, { filePath: location, rowCount, ttlMs: this.config.exportFileTtlMs }))) return null;
        if (task.requested_by === null) return undefined;
        return this.notifications.insert(m, { ...NOTICES.exportReady(task.kind, rowCount, task.filename), kind: 'export_ready', userId: task.requested_by });
      });
      if (readyNotice === null) {
        // Cancelled between the check and here: the file just put in place must not stay.
        if (await this.isCancelled(taskId)) throw new RunCancelled();
        // Taken over between the check and here: the new owner's file is the task's.
        await upload.discard();
        return 'superseded';
      }
      await announce('SUCCESS', 100);
      if (readyNotice) await publishAfterCommit(NOTIFICATION_FAN_OUT, this.alertsQueue, [readyNotice], this.config.enqueueTimeoutMs, this.logger);
      await moveUpWaiting({ db: this.dataSource, tasks: this.tasks }, this.queues, task.requested_by, this.logger);
      timed({ outcome: 'succeeded' });
      if (size !== null) exportSize.observe({ kind: task.kind }, size);
      this.logger.log({ requestId: options.requestId, taskId, kind: task.kind, lane: task.lane, rows: rowCount, bytes: size, msg: `export ${taskId} (${task.kind}): ${rowCount} rows` });
      return 'succeeded';
    } catch (error) {
      await upload.discard();
      if (error instanceof RunSuperseded) {
        this.logger.warn(`export ${taskId}: another run took the task over; this run stops`);
        return 'superseded';
      }
      // Cancelled: no file stays (a committed one is removed too), and no failure is reported or retried.
      if (error instanceof RunCancelled || (await this.isCancelled(taskId).catch(() => false))) {
        if (committed) await this.store.remove(committed);
        timed({ outcome: 'cancelled' });
        this.logger.log({ requestId: options.requestId, taskId, kind: task.kind, msg: `export ${taskId} (${task.kind}): cancelled; this run stops` });
        return 'cancelled';
      }
      timed({ outcome: 'failed' });
      const message = error instanceof Error ? error.message : String(error);
      const final = options.lastAttempt ?? true;
      const failed = await this.tasks.fail(this.dataSource, taskId, runKey, message.slice(0, 2000), final);
      if (failed && final) {
        await announce('FAILURE', task.progress);
        await moveUpWaiting({ db: this.dataSource, tasks: this.tasks }, this.queues, task.requested_by, this.logger);
      }
      throw error;
    }
  }

  /** Whether the task's requester cancelled it (its run's writes then find it no longer running). */
  private async isCancelled(taskId: string): Promise<boolean> {
    return (await this.tasks.find(this.dataSource, taskId))?.status === 'CANCELLED';
  }

  /** Deletes the files past their age and marks their tasks expired; also files dead runs left. */
  async purge(): Promise<{ expired: number; parts: number }> {
    let expired = 0;
    for (;;) {
      const rows = await this.tasks.expiredFiles(this.dataSource, PURGE_LIMIT);
      await Promise.all(rows.map((row) => this.store.remove(row.file_path)));
      await this.tasks.markExpired(this.dataSource, rows.map((row) => row.id));
      expired += rows.length;
      if (rows.length < PURGE_LIMIT) break;
    }
    const parts = await this.store.sweepStrays(this.config.exportFileTtlMs);
    if (expired || parts) this.logger.log(`purged ${expired} expired export file(s), ${parts} stray file(s) of dead runs`);
    return { expired, parts };
  }
}

/**
 * The small lane: exports of at most EXPORT_SMALL_ROWS rows, run by the same code on slots of their own
 * (EXPORT_SMALL_CONCURRENCY per process), so a small export never waits for a big one to end. Its queue has
 * no schedules: the main lane's sweeper queues the tasks of both lanes.
 */
@Processor(QUEUES.exportsSmall, WORKER_OPTIONS)
export class SmallExportsProcessor extends ExportsProcessor {
  /** EXPORT_SMALL_CONCURRENCY (default 1): small exports end in seconds, so few slots keep their wait short. */
  protected override get concurrency(): number {
    return this.config.exportSmallConcurrency;
  }

  protected override async schedules(): Promise<ScheduleSpec[]> {
    return [];
  }
}
