import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { TELEGRAM_CHAT_MESSAGES as M } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { BadRequestDetail, NotFoundDetail } from '../common/errors/api-errors';
import { TelegramSettingsRepository } from '../system-settings/telegram/telegram-settings.repository';
import { botIdOf } from '../system-settings/telegram/telegram.client';
import { TelegramChatRepository } from './telegram-chat.repository';
import { telegramWebhookSecret } from './webhook-secret';

/** Webhook mode: an update Telegram posts becomes a row; the worker holding the poller's lease handles it. */
@Injectable()
export class TelegramWebhookService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: TelegramSettingsRepository,
    private readonly chats: TelegramChatRepository,
  ) {}

  async receive(secret: string | undefined, body: unknown): Promise<void> {
    const updateId = (body as { update_id?: unknown } | null)?.update_id;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !Number.isSafeInteger(updateId)) throw new BadRequestDetail(M.updateInvalid);
    const token = (await this.settings.read())?.token;
    if (!token) throw new NotFoundDetail(M.webhookRefused);
    const botId = botIdOf(token);
    const expected = Buffer.from(telegramWebhookSecret(this.config.encryptionKey, botId));
    const given = Buffer.from(secret ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new NotFoundDetail(M.webhookRefused);
    await this.chats.addUpdate(this.dataSource, botId, updateId as number, body as Record<string, unknown>);
  }
}
