import { Module } from '@nestjs/common';
import { CandleDownloadsRepository } from './candle-downloads.repository';
import { CandleImportsRepository } from './candle-imports.repository';
import { MarketDataController } from './market-data.controller';
import { MarketDataService } from './market-data.service';

/** Candle imports, downloads and coverage; the worker loads the files (CandleImportsProcessor) and fetches the downloads (CandleDownloadsProcessor). */
@Module({ controllers: [MarketDataController], providers: [MarketDataService, CandleImportsRepository, CandleDownloadsRepository] })
export class MarketDataModule {}
