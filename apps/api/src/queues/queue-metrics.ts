import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { EXPORTS_QUEUE, INVESTOR_REPORTS_QUEUE, MAINTENANCE_QUEUE, MM_DEPOSITS_QUEUE, SMALL_EXPORTS_QUEUE, TELEGRAM_QUEUE } from './queue-producers.module';
import { observedQueues } from '../metrics/metrics';

/** The worker's queues, whose depths each scrape reads from Redis. */
@Injectable()
export class QueueMetrics implements OnModuleInit, OnModuleDestroy {
  private readonly queues: Queue[];

  constructor(
    @Inject(TELEGRAM_QUEUE) telegram: Queue,
    @Inject(INVESTOR_REPORTS_QUEUE) investorReports: Queue,
    @Inject(EXPORTS_QUEUE) exports: Queue,
    @Inject(SMALL_EXPORTS_QUEUE) smallExports: Queue,
    @Inject(MAINTENANCE_QUEUE) maintenance: Queue,
    @Inject(MM_DEPOSITS_QUEUE) mmDeposits: Queue,
  ) {
    this.queues = [telegram, investorReports, exports, smallExports, maintenance, mmDeposits];
  }

  onModuleInit(): void {
    for (const queue of this.queues) observedQueues.add(queue);
  }

  onModuleDestroy(): void {
    for (const queue of this.queues) observedQueues.delete(queue);
  }
}
