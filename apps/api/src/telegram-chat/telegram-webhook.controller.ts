import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { TELEGRAM_WEBHOOK } from '@console/contracts';
import { Public } from '../access/access.decorators';
import { TelegramWebhookService } from './telegram-webhook.service';

/** Where Telegram posts the bot's updates when PUBLIC_URL is https: no session, the secret header is the credential. */
@ApiTags('telegram')
@Controller('telegram/webhook')
export class TelegramWebhookController {
  constructor(private readonly webhook: TelegramWebhookService) {}

  @Public()
  @Post('/')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Stored; the worker answers the chat' })
  @ApiNotFoundResponse({ description: 'No bot is set, or the secret header is not this bot’s' })
  receive(@Headers(TELEGRAM_WEBHOOK.secretHeader.toLowerCase()) secret: string | undefined, @Body() body: unknown): Promise<void> {
    return this.webhook.receive(secret, body);
  }
}
