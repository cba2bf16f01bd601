import { Module } from '@nestjs/common';
import { AlertChannelsController } from './alert-channels.controller';
import { AlertChannelsService } from './alert-channels.service';

/** The signed-in user's alert channels and delivery log; the sending is the worker's (AlertDeliveriesProcessor). */
@Module({ controllers: [AlertChannelsController], providers: [AlertChannelsService] })
export class AlertChannelsModule {}
