import { DynamicModule, Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { AlertsModule } from './alerts/alerts.module';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { AlertChannelsModule } from './alert-channels/alert-channels.module';
import { TelegramLinkModule } from './telegram-chat/telegram-link.module';
import { AlertChannelsStoreModule } from './alert-channels/alert-channels-store.module';
import { AuthModule } from './auth/auth.module';
import { UsersDataModule } from './privileges/users/users-data.module';
import { GroupsDataModule } from './privileges/groups/groups-data.module';
import { AppConfig } from './common/config/config';
import { ConfigModule } from './common/config/config.module';
import { databaseModule } from './common/database/database.module';
import { ReadReplicaModule } from './common/database/read-replica.module';
import { loggerModule } from './common/http/logger';
import { RedisModule } from './common/redis/redis.module';
import { ExchangeAccountsModule } from './exchange-accounts/exchange-accounts.module';
import { GroupsModule } from './privileges/groups/groups.module';
import { HealthModule } from './health/health.module';
import { AuditModule } from './logs/audit.module';
import { AuditNetModule } from './logs/audit-net.module';
import { LogsModule } from './logs/logs.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PairsModule } from './pairs/pairs.module';
import { PositionsModule } from './positions/positions.module';
import { RiskControlsModule } from './risk-controls/risk-controls.module';
import { EngineModule } from './engine/engine.module';
import { OrdersModule } from './orders/orders.module';
import { SignalsModule } from './signals/signals.module';
import { MmProfilesModule } from './mm-profiles/mm-profiles.module';
import { StrategyProfilesModule } from './strategy-profiles/strategy-profiles.module';
import { StatsModule } from './stats/stats.module';
import { ChartsModule } from './charts/charts.module';
import { SystemStatusModule } from './bot-control/system-status.module';
import { TickerConfigsModule } from './ticker-configs/ticker-configs.module';
import { QueueProducersModule } from './queues/queue-producers.module';
import { SettingsModule } from './system-settings/settings.module';
import { TelegramSettingsModule } from './system-settings/telegram/telegram-settings.module';
import { UsersModule } from './privileges/users/users.module';
import { SessionsModule } from './sessions/sessions.module';
import { ExportsModule } from './exports/exports.module';
import { MarketDataModule } from './market-data/market-data.module';
import { BacktestsModule } from './backtests/backtests.module';
import { LiveEventsModule } from './live/live-events';
import { LiveModule } from './live/live.module';
import { LiveTicketsModule } from './live/live-tickets';
import { DatabaseMetrics } from './metrics/database-metrics';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        loggerModule(config),
        databaseModule(config),
        RedisModule,
        // List and statistics reads of GET requests on DATABASE_READ_URL, when given.
        ReadReplicaModule,
        QueueProducersModule,
        LiveEventsModule,
        TelegramSettingsModule,
        AlertChannelsStoreModule,
        AuditModule,
        AuditNetModule,
        LogsModule,
        // The features that give the access layer its session and stream-ticket checks and privilege sources.
        AccessModule.forRoot([AuthModule, ApiTokensModule, UsersDataModule, GroupsDataModule, LiveTicketsModule]),
        AuthModule,
        UsersModule,
        SessionsModule,
        ApiTokensModule,
        AlertChannelsModule,
        TelegramLinkModule,
        GroupsModule,
        ExchangeAccountsModule,
        NotificationsModule,
        SettingsModule,
        PairsModule,
        EngineModule,
        OrdersModule,
        SignalsModule,
        TickerConfigsModule,
        SystemStatusModule,
        MmProfilesModule,
        StrategyProfilesModule,
        AlertsModule,
        StatsModule,
        ChartsModule,
        PositionsModule,
        RiskControlsModule,
        HealthModule,
        ExportsModule,
        MarketDataModule,
        BacktestsModule,
        // The live stream; AuthModule gives it the session check.
        LiveModule.forRoot([AuthModule]),
      ],
      providers: [DatabaseMetrics],
    };
  }
}
