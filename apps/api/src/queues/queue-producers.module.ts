import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { bullConnection, QUEUES } from './queues';

/** Injection tokens of the queues the API and the worker enqueue into (@nestjs/bullmq's queue tokens). */
export const TELEGRAM_QUEUE = getQueueToken(QUEUES.telegram);
export const INVESTOR_REPORTS_QUEUE = getQueueToken(QUEUES.investorReports);
export const EXPORTS_QUEUE = getQueueToken(QUEUES.exports);
export const SMALL_EXPORTS_QUEUE = getQueueToken(QUEUES.exportsSmall);
export const CANDLE_IMPORTS_QUEUE = getQueueToken(QUEUES.candleImports);
export const BACKTESTS_QUEUE = getQueueToken(QUEUES.backtests);
export const CANDLE_DOWNLOADS_QUEUE = getQueueToken(QUEUES.candleDownloads);
export const ALERT_DELIVERIES_QUEUE = getQueueToken(QUEUES.alertDeliveries);
/** Queues only the worker registers (WorkerModule); the same kind of token, so every queue is injected one way. */
export const MAINTENANCE_QUEUE = getQueueToken(QUEUES.maintenance);
export const MM_DEPOSITS_QUEUE = getQueueToken(QUEUES.mmDeposits);
export const LIVE_CANDLES_QUEUE = getQueueToken(QUEUES.liveCandles);

const producerQueues = BullModule.registerQueue({ name: QUEUES.telegram }, { name: QUEUES.investorReports }, { name: QUEUES.exports }, { name: QUEUES.exportsSmall }, { name: QUEUES.candleImports }, { name: QUEUES.backtests }, { name: QUEUES.candleDownloads }, { name: QUEUES.alertDeliveries });

/**
 * BullMQ's connection and key prefix for every queue and worker, and the queues both processes enqueue
 * into. It starts no worker: processors exist only in the worker process (WorkerModule). @nestjs/bullmq
 * closes the queues at shutdown.
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: bullConnection(config.redisUrl), prefix: config.redisPrefix }),
    }),
    producerQueues,
  ],
  exports: [producerQueues],
})
export class QueueProducersModule {}
