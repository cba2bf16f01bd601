import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Exchange } from 'ccxt';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { LIVE_CANDLES_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { JOBS, QUEUES } from '../queues/queues';
import { downloadCandles, exchangeClient } from './candle-downloader';
import { CandleDownloadsRepository } from './candle-downloads.repository';

const MINUTE_MS = 60_000;
/** How far back a symbol with no stored minute yet (or one the store lost track of) is fetched: the engine's warm-up reads the rest from imports or downloads. */
export const LIVE_BACKFILL_MINUTES = 60;

/**
 * The `live` market: every few seconds, the closed minutes of each symbol a `live` account trades are
 * fetched with fetchOHLCV (polling: watchOHLCV would need a websocket per symbol) from the minute after
 * the last one stored, and stored as they arrive through the downloads' insert path; the engine reads
 * them from the store like any stored minute. A failed poll is logged with the exchange's message and
 * the next poll tries again from the same minute.
 */
@Processor(QUEUES.liveCandles, WORKER_OPTIONS)
export class LiveCandlesProcessor extends QueueWorker {
  protected readonly logger = new Logger('LiveCandles');
  /** One ccxt client per exchange, kept between polls so its rate limiter spans them. */
  private readonly clients = new Map<string, Exchange>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(LIVE_CANDLES_QUEUE) private readonly queue: Queue,
    private readonly downloads: CandleDownloadsRepository,
  ) {
    super();
  }

  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.pollLiveCandles, this.config.liveCandlesPollMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name !== JOBS.pollLiveCandles) throw new Error(`Unknown job ${job.name}`);
    return this.poll();
  }

  /** One poll of every live symbol; answers the minutes added per exchange/symbol (failures logged, not thrown). */
  async poll(now = Date.now()): Promise<Record<string, number>> {
    const symbols = await this.downloads.liveSymbols(this.dataSource, new Date(now - LIVE_BACKFILL_MINUTES * MINUTE_MS));
    const added: Record<string, number> = {};
    const lastClosed = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    for (const { exchange, symbol, last } of symbols) {
      const next = last ? last.getTime() + MINUTE_MS : lastClosed - LIVE_BACKFILL_MINUTES * MINUTE_MS;
      if (next >= lastClosed) continue;
      try {
        let client = this.clients.get(exchange);
        if (!client) this.clients.set(exchange, (client = exchangeClient(exchange, this.config.exchangeOrigin)));
        added[`${exchange}/${symbol}`] = await downloadCandles(this.dataSource, client, { exchange, symbol, from: next, to: lastClosed, next }, { now: () => now });
      } catch (error) {
        this.logger.error({ exchange, symbol, msg: `live candles of ${exchange} ${symbol} not fetched: ${(error as Error).message}` });
      }
    }
    return added;
  }
}
