import { Module } from '@nestjs/common';
import { BacktestsController } from './backtests.controller';
import { BacktestsRepository } from './backtests.repository';
import { BacktestsService } from './backtests.service';

/** Backtest runs from the API side; the worker runs them (BacktestsProcessor). */
@Module({ controllers: [BacktestsController], providers: [BacktestsService, BacktestsRepository] })
export class BacktestsModule {}
