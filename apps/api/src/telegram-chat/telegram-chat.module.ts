import { Module } from '@nestjs/common';
import { RateLimiterService } from '../auth/rate-limiter.service';
import { SystemStatusRepository } from '../bot-control/system-status.repository';
import { SystemStatusService } from '../bot-control/system-status.service';
import { ReadDb } from '../common/database/read-replica';
import { EngineCommandsRepository } from '../engine/engine-commands.repository';
import { EngineCommandsService } from '../engine/engine-commands.service';
import { SignalsRepository } from '../signals/signals.repository';
import { SignalsService } from '../signals/signals.service';
import { PositionsRepository } from '../positions/positions.repository';
import { PositionsService } from '../positions/positions.service';
import { MonthsStatsService } from '../stats/months-stats.service';
import { StatsRepository } from '../stats/stats.repository';
import { StrategyProfilesRepository } from '../strategy-profiles/strategy-profiles.repository';
import { StrategyProfilesService } from '../strategy-profiles/strategy-profiles.service';
import { TelegramClient } from '../system-settings/telegram/telegram.client';
import { TelegramChatRepository } from './telegram-chat.repository';
import { TelegramCommandsService } from './telegram-commands.service';
import { TelegramLinksRepository } from './telegram-links.repository';
import { TelegramPoller } from './telegram-poller.service';

/** The worker's side of the bot: the one poller, and the commands it answers through the API's own services. */
@Module({
  providers: [
    TelegramPoller,
    TelegramCommandsService,
    TelegramChatRepository,
    TelegramLinksRepository,
    TelegramClient,
    RateLimiterService,
    SystemStatusService,
    SystemStatusRepository,
    SignalsService,
    SignalsRepository,
    EngineCommandsService,
    EngineCommandsRepository,
    PositionsService,
    PositionsRepository,
    MonthsStatsService,
    StatsRepository,
    StrategyProfilesService,
    StrategyProfilesRepository,
    ReadDb,
  ],
})
export class TelegramChatModule {}
