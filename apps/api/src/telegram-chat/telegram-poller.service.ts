import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { API_PATHS, API_PREFIX } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { TelegramSettingsRepository } from '../system-settings/telegram/telegram-settings.repository';
import { botIdOf, TelegramClient, type TelegramUpdate } from '../system-settings/telegram/telegram.client';
import { TelegramChatRepository } from './telegram-chat.repository';
import { type BotIdentity, TelegramCommandsService } from './telegram-commands.service';
import { telegramWebhookSecret } from './webhook-secret';

/** How often a worker without the lease (or without a bot) looks again. */
const IDLE_MS = 1_000;
/** After a failed getUpdates (Telegram away, a bad token), before the next. */
const ERROR_BACKOFF_MS = 5_000;
/** getUpdates' wait while a confirmed command's result is awaited, so it is edited in soon after. */
const SHORT_POLL_SECONDS = 1;
/** Webhook mode: the posted updates one round takes. */
const WEBHOOK_BATCH = 100;

/**
 * Long polling of the main bot's updates in the worker. Exactly one worker polls whatever their number:
 * a lease row in PostgreSQL (telegram_poll_state) that the poller renews before each getUpdates and that
 * outlives one by TELEGRAM_LEASE_MARGIN_MS; Telegram itself refuses a second concurrent getUpdates. The
 * offset lives in the same row and moves past an update before the update is handled, so a worker dying
 * mid-update never handles it twice (a lost command is asked again; a doubled one would act twice).
 * A new bot token starts from offset 0 of that bot; links of the old bot stay its own.
 *
 * Webhook mode (PUBLIC_URL https): the lease holder sets the webhook with a secret once per bot and URL,
 * then handles the rows the webhook route stored instead of calling getUpdates. PUBLIC_URL back to http:
 * the lease holder deletes the webhook once, and long polling goes on.
 */
@Injectable()
export class TelegramPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TelegramPoller');
  private readonly owner = `worker-${randomUUID()}`;
  private readonly stopping = new AbortController();
  private loop?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: TelegramSettingsRepository,
    private readonly client: TelegramClient,
    private readonly chats: TelegramChatRepository,
    private readonly commands: TelegramCommandsService,
  ) {}

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await this.chats.releaseLease(this.dataSource, this.owner).catch(() => undefined);
  }

  private async run(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      try {
        const waitMs = await this.pollOnce();
        if (waitMs) await this.sleep(waitMs);
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.logger.warn(`polling failed: ${(error as Error).message}`);
        await this.sleep(ERROR_BACKOFF_MS);
      }
    }
  }

  /** One round: the lease, the engine's results, one getUpdates and its updates. Answers how long to rest. */
  private async pollOnce(): Promise<number> {
    const leaseMs = this.config.telegramPollTimeoutSeconds * 1000 + this.config.telegramLeaseMarginMs;
    const lease = await this.chats.takeLease(this.dataSource, this.owner, leaseMs);
    if (!lease) return IDLE_MS;
    const token = (await this.settings.read())?.token;
    if (!token) return IDLE_MS;
    const bot = { token, botId: botIdOf(token) };
    if (this.webhookUrl) return this.handlePosted(bot, lease);
    // Back from https to http: Telegram refuses getUpdates while a webhook is set, so it goes first.
    if (lease.webhook_url) {
      await this.client.deleteWebhook(token);
      await this.chats.clearWebhook(this.dataSource, this.owner);
    }
    const offset = lease.bot_id === bot.botId ? Number(lease.update_offset) : 0;
    const awaitingEngine = await this.commands.reportEngineResults(bot);
    const wait = awaitingEngine ? Math.min(SHORT_POLL_SECONDS, this.config.telegramPollTimeoutSeconds) : this.config.telegramPollTimeoutSeconds;
    const updates = await this.client.getUpdates(token, offset, wait, this.stopping.signal);
    for (const update of updates) {
      if (!(await this.chats.advance(this.dataSource, this.owner, bot.botId, update.update_id + 1))) return 0;
      await this.commands.handle(bot, update).catch((error: Error) => this.logger.warn(`update ${update.update_id}: ${error.message}`));
    }
    return 0;
  }

  private get webhookUrl(): string | null {
    return this.config.publicUrl.startsWith('https:') ? `${this.config.publicUrl}${API_PREFIX}${API_PATHS.telegramWebhook}` : null;
  }

  private async handlePosted(bot: BotIdentity, lease: { bot_id: string | null; webhook_url: string | null }): Promise<number> {
    const url = this.webhookUrl!;
    if (lease.bot_id !== bot.botId || lease.webhook_url !== url) {
      await this.client.setWebhook(bot.token, url, telegramWebhookSecret(this.config.encryptionKey, bot.botId));
      await this.chats.markWebhook(this.dataSource, this.owner, bot.botId, url);
    }
    await this.commands.reportEngineResults(bot);
    const updates = await this.chats.takeUpdates(this.dataSource, bot.botId, WEBHOOK_BATCH);
    for (const { id, payload } of updates) {
      await this.commands.handle(bot, payload as unknown as TelegramUpdate).catch((error: Error) => this.logger.warn(`posted update ${id}: ${error.message}`));
    }
    return updates.length ? 0 : IDLE_MS;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  }
}
