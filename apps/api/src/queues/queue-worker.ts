import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import type { AppConfig } from '../common/config/config';
import { queueJobDuration } from '../metrics/metrics';

/**
 * Worker options every processor is declared with (`@Processor(QUEUES.x, WORKER_OPTIONS)`): the worker
 * is created idle, and `QueueWorker` starts it once its schedules are registered and its concurrency set.
 */
export const WORKER_OPTIONS = {
  autorun: false,
  // BullMQ waits this long before it tries a Redis call that failed for want of a connection again
  // (15 s by default, per step of taking a job): after a short outage the queues would stand still for
  // that long, sweepers included.
  runRetryDelay: 1_000,
} as const;

/** How long a stopping worker waits for its running jobs (Docker's stop grace period is 10 s). */
const SHUTDOWN_DRAIN_MS = 8_000;

/**
 * States in which a scheduler's next job still runs by itself. Any other (completed, failed, gone) means the
 * chain broke: BullMQ adds the next job when the current one becomes active, and a Redis outage at that
 * moment leaves the scheduler with no next job, for good.
 */
const RUNNABLE_STATES: ReadonlySet<string> = new Set(['delayed', 'waiting', 'prioritized', 'waiting-children', 'paused', 'active']);

/** One job scheduler a queue must always have, and how to register it from the record. */
export interface ScheduleSpec {
  queue: Queue;
  key: string;
  register: () => Promise<void>;
}

/** A job with no data that runs every `everyMs` on `queue`, named by its key (a sweeper, a purge). */
export function repeatingJob(queue: Queue, key: string, everyMs: number): ScheduleSpec {
  return { queue, key, register: () => queue.upsertJobScheduler(key, { every: everyMs }, { name: key, data: {} }).then(() => undefined) };
}

/**
 * What every queue's processor adds to @nestjs/bullmq's WorkerHost (which creates the BullMQ worker):
 * concurrency from config, the queue's job schedulers registered again at every start (upserts, so any
 * number of worker processes may do it) before the first job is taken, and checked every
 * SCHEDULE_CHECK_MS afterwards, since Redis is only a cache of them: a flush or a failover without
 * persistence loses them, and the check registers the lost ones again from PostgreSQL. Failures are
 * logged, and on shutdown running jobs drain while the database and Redis are still open.
 */
export abstract class QueueWorker extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly config: AppConfig;
  protected abstract readonly logger: Logger;
  private scheduleCheck?: NodeJS.Timeout;
  private checking = false;

  /** The job schedulers this queue must have (repeating jobs, or schedules kept in PostgreSQL). */
  protected abstract schedules(): Promise<ScheduleSpec[]>;

  /** Jobs this worker runs at once; a queue whose jobs are heavy sets its own. */
  protected get concurrency(): number {
    return this.config.workerConcurrency;
  }

  /** Called after a full registration at start, e.g. to drop schedulers whose record is gone. */
  protected async afterRegistration(_registered: ScheduleSpec[]): Promise<void> {}

  async onApplicationBootstrap(): Promise<void> {
    this.worker.concurrency = this.concurrency;
    const specs = await this.schedules();
    for (const spec of specs) await spec.register();
    await this.afterRegistration(specs);
    this.scheduleCheck = setInterval(() => void this.restoreLostSchedules(), this.config.scheduleCheckMs);
    // Resolves when the worker closes; the main loop itself never throws for a failed job.
    this.worker.run().catch((error: Error) => this.logger.error(`${this.worker.name} worker stopped: ${error.message}`));
  }

  /**
   * Registers again every scheduler that Redis no longer has, or whose next job is lost; answers how
   * many. Registering again is an upsert: it keeps a scheduler's next job that is still waiting, and a
   * worker that took the old job adds no second one (BullMQ adds the next job only from the current one).
   */
  async restoreLostSchedules(): Promise<number> {
    if (this.checking) return 0;
    this.checking = true;
    try {
      let restored = 0;
      for (const spec of await this.schedules()) {
        if (await this.runsByItself(spec)) continue;
        await spec.register();
        restored += 1;
      }
      if (restored) this.logger.warn(`${this.worker.name}: registered ${restored} lost job scheduler(s) again`);
      return restored;
    } catch (error) {
      this.logger.error(`${this.worker.name}: schedule check failed: ${(error as Error).message}`);
      return 0;
    } finally {
      this.checking = false;
    }
  }

  private async runsByItself(spec: ScheduleSpec): Promise<boolean> {
    const scheduler = await spec.queue.getJobScheduler(spec.key);
    if (!scheduler || scheduler.next === undefined) return false;
    const jobId = `repeat:${spec.key}:${scheduler.next}`;
    const state = await spec.queue.getJobState(jobId);
    if (state !== 'active') return RUNNABLE_STATES.has(state);
    // An active job adds the next one itself, unless its worker gave it up: a failed add of the next
    // job leaves it active with nobody holding it, and only BullMQ's stalled check (a minute or more)
    // would run it again. Its lock tells: a worker holding a job keeps renewing it.
    const client = await spec.queue.getBackend().client;
    return (await client.get(spec.queue.toKey(`${jobId}:lock`))) !== null;
  }

  /**
   * Takes no new jobs and waits for the running ones (BullMQ's close), before other modules close their
   * connections; at most SHUTDOWN_DRAIN_MS, since a worker whose Redis connection went through an outage
   * can wait on it for good. A job still running then is run again by another worker's stalled check,
   * and its send key keeps a message from going out twice.
   */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.scheduleCheck);
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      this.worker.close().then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SHUTDOWN_DRAIN_MS))),
    ]);
    clearTimeout(timer);
    if (!drained) this.logger.warn(`${this.worker.name}: jobs did not drain within ${SHUTDOWN_DRAIN_MS} ms; stopping anyway`);
  }

  @OnWorkerEvent('completed')
  onCompleted(job: Job): void {
    this.observeDuration(job, 'completed');
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    if (job) this.observeDuration(job, 'failed');
    this.logger.error(`${this.worker.name}/${job?.name} failed: ${error.message}`);
  }

  private observeDuration(job: Job, outcome: 'completed' | 'failed'): void {
    if (job.processedOn && job.finishedOn) queueJobDuration.observe({ queue: this.worker.name, job: job.name, outcome }, (job.finishedOn - job.processedOn) / 1000);
  }

  /** Connection trouble and the like; without a listener an 'error' event would end the process. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.error(`${this.worker.name} worker: ${error.message}`);
  }
}
