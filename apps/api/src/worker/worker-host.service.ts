import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { REDIS } from '../common/redis/redis.module';
import { QUEUE_PROCESSORS, QueueProcessor } from '../queues/processor';
import { bullConnection, HEARTBEAT_INTERVAL_MS, HEARTBEAT_STALE_MS, heartbeatKey } from '../queues/queues';

/**
 * Runs one BullMQ worker per queue and beats a heartbeat into Redis that /health reads. Stopping
 * (SIGTERM) closes the workers, which lets running jobs finish and takes no new ones.
 */
@Injectable()
export class WorkerHostService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly workers: Worker[] = [];
  private readonly queues: Queue[] = [];
  private beat?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(QUEUE_PROCESSORS) private readonly processors: QueueProcessor[],
  ) {}

  async onModuleInit(): Promise<void> {
    const connection = bullConnection(this.config.redisUrl);
    for (const processor of this.processors) {
      const queue = new Queue(processor.queue, { connection, prefix: this.config.redisPrefix });
      this.queues.push(queue);
      for (const job of processor.repeatable ?? []) {
        await queue.upsertJobScheduler(job.name, { every: job.every }, { name: job.name, data: {} });
      }
      await processor.onWorkerStart?.(queue);
      const worker = new Worker(processor.queue, (job) => processor.process(job), {
        connection,
        prefix: this.config.redisPrefix,
        concurrency: this.config.workerConcurrency,
      });
      worker.on('failed', (job, error) => this.logger.error(`${processor.queue}/${job?.name} failed: ${error.message}`));
      this.workers.push(worker);
    }
    await this.heartbeat();
    this.beat = setInterval(() => void this.heartbeat().catch((e: Error) => this.logger.error(`heartbeat: ${e.message}`)), HEARTBEAT_INTERVAL_MS);
    this.logger.log(`worker ${this.id} started: ${this.processors.map((p) => p.queue).join(', ')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all(this.queues.map((q) => q.close()));
    await this.redis.zrem(heartbeatKey(this.config.redisPrefix), this.id).catch(() => undefined);
    this.logger.log(`worker ${this.id} stopped`);
  }

  private async heartbeat(): Promise<void> {
    const key = heartbeatKey(this.config.redisPrefix);
    const now = Date.now();
    await this.redis.multi().zadd(key, now, this.id).zremrangebyscore(key, '-inf', now - HEARTBEAT_STALE_MS * 10).exec();
  }
}
