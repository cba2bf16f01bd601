import { Global, Module } from '@nestjs/common';
import { TelegramSettingsRepository } from './telegram-settings.repository';

/** The settings row's reader/writer, shared by the settings routes and the worker's senders. */
@Global()
@Module({ providers: [TelegramSettingsRepository], exports: [TelegramSettingsRepository] })
export class TelegramSettingsModule {}
