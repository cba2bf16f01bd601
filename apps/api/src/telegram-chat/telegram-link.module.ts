import { Module } from '@nestjs/common';
import { TelegramClient } from '../system-settings/telegram/telegram.client';
import { TelegramLinkController } from './telegram-link.controller';
import { TelegramLinkService } from './telegram-link.service';
import { TelegramLinksRepository } from './telegram-links.repository';

/** The link routes of Account details; the chat itself is the worker's (TelegramPoller). */
@Module({ controllers: [TelegramLinkController], providers: [TelegramLinkService, TelegramLinksRepository, TelegramClient] })
export class TelegramLinkModule {}
