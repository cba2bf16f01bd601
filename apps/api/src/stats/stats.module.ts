import { Module } from '@nestjs/common';
import { MonthsStatsController } from './months-stats.controller';
import { MonthsStatsService } from './months-stats.service';
import { StatsController } from './stats.controller';
import { StatsRepository } from './stats.repository';
import { StatsService } from './stats.service';

@Module({ controllers: [StatsController, MonthsStatsController], providers: [StatsService, MonthsStatsService, StatsRepository] })
export class StatsModule {}
