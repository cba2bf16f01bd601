import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { setCursorSecret } from '../common/list-query/list-query';
import { AppConfig } from '../common/config/config';
import { ConfigModule } from '../common/config/config.module';
import { databaseModule } from '../common/database/database.module';
import { loggerModule } from '../common/http/logger';
import { RedisModule } from '../common/redis/redis.module';
import { AuditModule } from '../logs/audit.module';
import { InvestorReportBuilder } from '../system-settings/investor-reports/investor-report.builder';
import { InvestorReportsProcessor } from '../system-settings/investor-reports/investor-reports.processor';
import { ApiTokensRepository } from '../api-tokens/api-tokens.repository';
import { MaintenanceProcessor } from '../maintenance/maintenance.processor';
import { TimePartitionsRepository } from '../maintenance/time-partitions.repository';
import { TimePartitionsService } from '../maintenance/time-partitions.service';
import { QueueProducersModule } from '../queues/queue-producers.module';
import { QUEUES } from '../queues/queues';
import { TelegramClient } from '../system-settings/telegram/telegram.client';
import { TelegramProcessor } from '../system-settings/telegram/telegram.processor';
import { TelegramOutboxRepository } from '../system-settings/telegram/telegram-outbox.repository';
import { CaptchaProofsRepository } from '../auth/captcha-proofs.repository';
import { SessionsRepository } from '../auth/sessions.repository';
import { InvestorReportSchedulesRepository } from '../system-settings/investor-reports/investor-report-schedules.repository';
import { TelegramSettingsModule } from '../system-settings/telegram/telegram-settings.module';
import { AlertChannelsStoreModule } from '../alert-channels/alert-channels-store.module';
import { TelegramChatModule } from '../telegram-chat/telegram-chat.module';
import { AlertDeliveriesProcessor } from '../alert-channels/alert-deliveries.processor';
import { DailyReportService } from '../alert-channels/daily-report.service';
import { DailyReportsRepository } from '../alert-channels/daily-reports.repository';
import { EngineAlertsRepository } from '../alert-channels/engine-alerts.repository';
import { EngineAlertsService } from '../alert-channels/engine-alerts.service';
import { MonthsStatsService } from '../stats/months-stats.service';
import { StatsRepository } from '../stats/stats.repository';
import { ReadDb } from '../common/database/read-replica';
import { AlertDeliveriesRepository } from '../alert-channels/alert-deliveries.repository';
import { ChannelSenders } from '../alert-channels/channel-senders';
import { NotificationsRepository } from '../notifications/notifications.repository';
import { WorkerHeartbeat } from './worker-heartbeat.service';
import { MmDepositsProcessor } from '../mm-profiles/mm-deposits.processor';
import { MmDepositsRepository } from '../mm-profiles/mm-deposits.repository';
import { MmDepositsService } from '../mm-profiles/mm-deposits.service';
import { exportStoreProvider } from '../exports/export-store.provider';
import { ExportQueues } from '../exports/export-lanes';
import { ExportsProcessor, SmallExportsProcessor } from '../exports/exports.processor';
import { ExportTasksRepository } from '../exports/export-tasks.repository';
import { LiveEventsModule } from '../live/live-events';
import { DatabaseMetrics } from '../metrics/database-metrics';
import { QueueMetrics } from '../queues/queue-metrics';
import { CandleImportsProcessor } from '../market-data/candle-imports.processor';
import { CandleImportsRepository } from '../market-data/candle-imports.repository';
import { BacktestsProcessor } from '../backtests/backtests.processor';
import { BacktestsRepository } from '../backtests/backtests.repository';
import { CandleDownloadsProcessor } from '../market-data/candle-downloads.processor';
import { CandleDownloadsRepository } from '../market-data/candle-downloads.repository';
import { LiveCandlesProcessor } from '../market-data/live-candles.processor';

/** The worker process: one BullMQ worker per queue (the @Processor classes), all in this one process. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    // The worker answers lists too (the Telegram commands): their pages carry sealed cursors, whose key
    // the API's bootstrap sets in its own process only.
    setCursorSecret(config.jwtSecret);
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(config, 'worker'),
        databaseModule(config),
        RedisModule,
        AuditModule,
        QueueProducersModule,
        // The worker's processors publish live changes through the same Redis stream as the API.
        LiveEventsModule,
        // Only the worker uses this queue (to register its repeating job).
        BullModule.registerQueue({ name: QUEUES.maintenance }, { name: QUEUES.mmDeposits }, { name: QUEUES.liveCandles }),
        TelegramSettingsModule,
        AlertChannelsStoreModule,
        TelegramChatModule,
      ],
      providers: [
        MaintenanceProcessor,
        TimePartitionsService,
        TimePartitionsRepository,
        TelegramProcessor,
        InvestorReportsProcessor,
        TelegramClient,
        InvestorReportBuilder,
        TelegramOutboxRepository,
        SessionsRepository,
        CaptchaProofsRepository,
        ApiTokensRepository,
        InvestorReportSchedulesRepository,
        WorkerHeartbeat,
        MmDepositsProcessor,
        MmDepositsService,
        MmDepositsRepository,
        ExportsProcessor,
        SmallExportsProcessor,
        ExportQueues,
        ExportTasksRepository,
        exportStoreProvider,
        CandleImportsProcessor,
        CandleImportsRepository,
        BacktestsProcessor,
        BacktestsRepository,
        CandleDownloadsProcessor,
        CandleDownloadsRepository,
        LiveCandlesProcessor,
        DatabaseMetrics,
        QueueMetrics,
        AlertDeliveriesProcessor,
        AlertDeliveriesRepository,
        ChannelSenders,
        NotificationsRepository,
        DailyReportService,
        DailyReportsRepository,
        EngineAlertsService,
        EngineAlertsRepository,
        MonthsStatsService,
        StatsRepository,
        ReadDb,
      ],
    };
  }
}
