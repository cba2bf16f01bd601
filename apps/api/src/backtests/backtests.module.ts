import { Module } from '@nestjs/common';
import { StrategyProfilesModule } from '../strategy-profiles/strategy-profiles.module';
import { BacktestsController } from './backtests.controller';
import { BacktestsRepository } from './backtests.repository';
import { BacktestsService } from './backtests.service';

/** Backtest runs from the API side; the worker runs them (BacktestsProcessor). */
@Module({ imports: [StrategyProfilesModule], controllers: [BacktestsController], providers: [BacktestsService, BacktestsRepository] })
export class BacktestsModule {}
