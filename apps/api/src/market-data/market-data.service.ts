import { rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import ccxt from 'ccxt';
import { candleBarCount, MARKET_DATA_LIMITS, MARKET_DATA_MESSAGES, type CandleBar, type CandleCoverageRow, type CandleDownloadAnswer, type CandleImportAnswer } from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { BadRequestDetail, NotFoundDetail } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { publishAfterCommit } from '../queues/outbox';
import { CANDLE_DOWNLOADS_QUEUE, CANDLE_IMPORTS_QUEUE } from '../queues/queue-producers.module';
import { candleDownloadsOutbox } from './candle-downloads.outbox';
import { CandleDownloadsRepository, downloadAnswer } from './candle-downloads.repository';
import { candleImportsOutbox } from './candle-imports.outbox';
import { CandleImportsRepository, importAnswer } from './candle-imports.repository';
import { receiveCandleUpload } from './candle-uploads';
import { readCandles } from './candle-bars';
import type { CandleDownloadBodyDto, CandlesQuery, CoverageQuery } from './market-data.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Candle imports from the API side (the worker loads the files) and the store's coverage. */
@Injectable()
export class MarketDataService {
  private readonly logger = new Logger('CandleImports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CANDLE_IMPORTS_QUEUE) private readonly queue: Queue,
    @Inject(CANDLE_DOWNLOADS_QUEUE) private readonly downloadQueue: Queue,
    private readonly imports: CandleImportsRepository,
    private readonly downloads: CandleDownloadsRepository,
    private readonly audit: AuditService,
  ) {}

  /** The uploaded files wait on disk; the task is a row, its job a wake-up for the worker. */
  async start(principal: Principal, req: Request, res: Response): Promise<{ id: string }> {
    const upload = await receiveCandleUpload(req, res, this.config.candleImportDir);
    const files = upload.files.map((f) => ({ name: f.name, path: f.path, status: 'PENDING' as const, rows: 0, added: 0, error: null }));
    let id: string;
    try {
      id = await this.dataSource.transaction(async (m) => {
        const made = await this.imports.create(m, { exchange: upload.exchange, symbol: upload.symbol, files, requestedBy: principal.userId });
        const log_data = { import_id: made, exchange: upload.exchange, symbol: upload.symbol, files: upload.files.map((f) => f.name) };
        await this.audit.write({ type: 'user', event_type: 'candle_import_started', user_id: principal.userId, log_data }, m);
        return made;
      });
    } catch (error) {
      // No task, so no worker would ever read or delete these files.
      await rm(upload.dir, { recursive: true, force: true });
      throw error;
    }
    await publishAfterCommit(candleImportsOutbox, this.queue, [id], this.config.enqueueTimeoutMs, this.logger);
    return { id };
  }

  async state(id: string): Promise<CandleImportAnswer> {
    const task = UUID.test(id) ? await this.imports.find(this.dataSource, id) : undefined;
    if (!task) throw new NotFoundDetail(MARKET_DATA_MESSAGES.taskNotFound);
    return importAnswer(task);
  }

  /** A download is a row first (its job a wake-up for the worker); the range is whole minutes, from's included, to's not. */
  async startDownload(principal: Principal, body: CandleDownloadBodyDto): Promise<{ id: string }> {
    if (!ccxt.exchanges.includes(body.exchange)) throw new BadRequestDetail(MARKET_DATA_MESSAGES.exchangeUnknown(body.exchange));
    const minute = (text: string) => new Date(Math.floor(Date.parse(text) / 60_000) * 60_000);
    const from = minute(body.from);
    const to = minute(body.to);
    if (from >= to) throw new BadRequestDetail(MARKET_DATA_MESSAGES.downloadRangeEmpty);
    if (to.getTime() - from.getTime() > MARKET_DATA_LIMITS.maxDownloadDays * 86_400_000) throw new BadRequestDetail(MARKET_DATA_MESSAGES.downloadTooLong);
    const id = await this.dataSource.transaction(async (m) => {
      const made = await this.downloads.create(m, { exchange: body.exchange, symbol: body.symbol, from, to, requestedBy: principal.userId });
      const log_data = { download_id: made, exchange: body.exchange, symbol: body.symbol, from: from.toISOString(), to: to.toISOString() };
      await this.audit.write({ type: 'user', event_type: 'candle_download_started', user_id: principal.userId, log_data }, m);
      return made;
    });
    await publishAfterCommit(candleDownloadsOutbox, this.downloadQueue, [id], this.config.enqueueTimeoutMs, this.logger);
    return { id };
  }

  async downloadState(id: string): Promise<CandleDownloadAnswer> {
    const task = UUID.test(id) ? await this.downloads.find(this.dataSource, id) : undefined;
    if (!task) throw new NotFoundDetail(MARKET_DATA_MESSAGES.downloadNotFound);
    return downloadAnswer(task);
  }

  coverage(query: CoverageQuery): Promise<CandleCoverageRow[]> {
    return this.imports.coverage(this.dataSource, query);
  }

  /** The cap is judged on the range's bars, stored or not, so a refused read costs no scan. */
  candles(query: CandlesQuery): Promise<CandleBar[]> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (from > to) throw new BadRequestDetail(MARKET_DATA_MESSAGES.rangeReversed);
    const bars = candleBarCount(query.timeframe, from, to);
    if (bars > MARKET_DATA_LIMITS.maxBars) throw new BadRequestDetail(MARKET_DATA_MESSAGES.tooManyBars(bars));
    return readCandles(this.dataSource, { exchange: query.exchange, symbol: query.symbol, timeframe: query.timeframe, from, to });
  }
}
