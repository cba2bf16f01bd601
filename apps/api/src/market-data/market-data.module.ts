import { Module } from '@nestjs/common';
import { CandleImportsRepository } from './candle-imports.repository';
import { MarketDataController } from './market-data.controller';
import { MarketDataService } from './market-data.service';

/** Candle imports and coverage; the files are loaded by the worker (CandleImportsProcessor). */
@Module({ controllers: [MarketDataController], providers: [MarketDataService, CandleImportsRepository] })
export class MarketDataModule {}
