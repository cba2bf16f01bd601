import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../common/config/config';
import { ConfigModule } from '../common/config/config.module';
import { databaseModule } from '../common/database/database.module';
import { loggerModule } from '../common/http/logger';
import { RedisModule } from '../common/redis/redis.module';
import { AuditModule } from '../logs/audit.module';
import { InvestorReportBuilder } from '../queues/investor-reports/investor-report.builder';
import { InvestorReportsProcessor } from '../queues/investor-reports/investor-reports.processor';
import { MaintenanceProcessor } from '../queues/maintenance/maintenance.processor';
import { QUEUE_PROCESSORS } from '../queues/processor';
import { QueueProducersModule } from '../queues/queue-producers.module';
import { TelegramClient } from '../queues/telegram/telegram.client';
import { TelegramProcessor } from '../queues/telegram/telegram.processor';
import { TelegramSettingsStoreModule } from '../settings/telegram/telegram-settings.module';
import { WorkerHostService } from './worker-host.service';

const PROCESSORS = [MaintenanceProcessor, TelegramProcessor, InvestorReportsProcessor];

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), loggerModule(config), databaseModule(config), RedisModule, AuditModule, QueueProducersModule, TelegramSettingsStoreModule],
      providers: [
        ...PROCESSORS,
        TelegramClient,
        InvestorReportBuilder,
        { provide: QUEUE_PROCESSORS, inject: PROCESSORS, useFactory: (...processors: unknown[]) => processors },
        WorkerHostService,
      ],
    };
  }
}
