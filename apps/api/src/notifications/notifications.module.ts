import { Global, Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { TelegramOutboxRepository } from '../system-settings/telegram/telegram-outbox.repository';

/** Global so any feature can `notify` without importing this module. */
@Global()
@Module({ controllers: [NotificationsController], providers: [NotificationsService, NotificationsRepository, TelegramOutboxRepository], exports: [NotificationsService] })
export class NotificationsModule {}
