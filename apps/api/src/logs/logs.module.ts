import { Module } from '@nestjs/common';
import { LogFiltersService } from './log-filters.service';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

@Module({ controllers: [LogsController], providers: [LogsService, LogFiltersService] })
export class LogsModule {}
