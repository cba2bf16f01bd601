import { Global, Module } from '@nestjs/common';
import { TelegramSettingsStore } from './telegram-settings.store';

/** The settings row's reader/writer, shared by the settings routes and the worker's senders. */
@Global()
@Module({ providers: [TelegramSettingsStore], exports: [TelegramSettingsStore] })
export class TelegramSettingsStoreModule {}
