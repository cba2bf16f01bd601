import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { AppConfig } from '../common/config/config';

/**
 * Worker options every processor is declared with (`@Processor(QUEUES.x, WORKER_OPTIONS)`): the worker
 * is created idle, and `QueueWorker` starts it once its schedules are registered and its concurrency set.
 */
export const WORKER_OPTIONS = { autorun: false } as const;

/**
 * What every queue's processor adds to @nestjs/bullmq's WorkerHost (which creates the BullMQ worker):
 * concurrency from config, the queue's job schedulers registered again at every start (upserts, so any
 * number of worker processes may do it) before the first job is taken, failures logged, and on shutdown
 * a drain of running jobs while the database and Redis are still open.
 */
export abstract class QueueWorker extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly config: AppConfig;
  protected abstract readonly logger: Logger;

  /** Registers the queue's job schedulers (repeating jobs, or schedules kept in PostgreSQL). */
  protected abstract registerSchedules(): Promise<void>;

  async onApplicationBootstrap(): Promise<void> {
    this.worker.concurrency = this.config.workerConcurrency;
    await this.registerSchedules();
    // Resolves when the worker closes; the main loop itself never throws for a failed job.
    this.worker.run().catch((error: Error) => this.logger.error(`${this.worker.name} worker stopped: ${error.message}`));
  }

  /** Takes no new jobs and waits for the running ones (BullMQ's close), before other modules close their connections. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.error(`${this.worker.name}/${job?.name} failed: ${error.message}`);
  }

  /** Connection trouble and the like; without a listener an 'error' event would end the process. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.error(`${this.worker.name} worker: ${error.message}`);
  }
}
