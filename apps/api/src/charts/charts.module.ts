import { Module } from '@nestjs/common';
import { StatsRepository } from '../stats/stats.repository';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

@Module({ controllers: [ChartsController], providers: [ChartsService, StatsRepository] })
export class ChartsModule {}
