import { Module } from '@nestjs/common';
import { TgBotSettingsController } from './telegram/tg-bot-settings.controller';
import { TgBotSettingsService } from './telegram/tg-bot-settings.service';

/** System settings reached under notifications/: the Telegram bot, investor reports and their schedule. */
@Module({ controllers: [TgBotSettingsController], providers: [TgBotSettingsService] })
export class SettingsModule {}
