import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { bullConnection, QUEUES } from './queues';

/** Queues the API and the worker enqueue into (the worker host opens its own to consume). */
export const TELEGRAM_QUEUE = Symbol('TELEGRAM_QUEUE');
export const INVESTOR_REPORTS_QUEUE = Symbol('INVESTOR_REPORTS_QUEUE');

const producer = (token: symbol, name: string) => ({
  provide: token,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => new Queue(name, { connection: bullConnection(config.redisUrl), prefix: config.redisPrefix }),
});

@Global()
@Module({
  providers: [producer(TELEGRAM_QUEUE, QUEUES.telegram), producer(INVESTOR_REPORTS_QUEUE, QUEUES.investorReports)],
  exports: [TELEGRAM_QUEUE, INVESTOR_REPORTS_QUEUE],
})
export class QueueProducersModule implements OnApplicationShutdown {
  constructor(
    @Inject(TELEGRAM_QUEUE) private readonly telegram: Queue,
    @Inject(INVESTOR_REPORTS_QUEUE) private readonly investorReports: Queue,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.telegram.close(), this.investorReports.close()]);
  }
}
