import { Module } from '@nestjs/common';
import { TelegramClient } from '../system-settings/telegram/telegram.client';
import { TelegramChatRepository } from './telegram-chat.repository';
import { TelegramLinkController } from './telegram-link.controller';
import { TelegramLinkService } from './telegram-link.service';
import { TelegramLinksRepository } from './telegram-links.repository';
import { TelegramWebhookController } from './telegram-webhook.controller';
import { TelegramWebhookService } from './telegram-webhook.service';

/** The link routes of Account details and the webhook Telegram posts to; the chat itself is the worker's (TelegramPoller). */
@Module({
  controllers: [TelegramLinkController, TelegramWebhookController],
  providers: [TelegramLinkService, TelegramLinksRepository, TelegramClient, TelegramWebhookService, TelegramChatRepository],
})
export class TelegramLinkModule {}
