import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { completePerms, DELIVERY_CHANNELS, DELIVERY_ERRORS, DELIVERY_FAILURES, type DeliveryChannel, mayReceive, TELEGRAM_CHAT_MESSAGES } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { AuditService } from '../logs/audit.service';
import { publishAfterCommit, sweepOutbox } from '../queues/outbox';
import { ALERT_DELIVERIES_QUEUE } from '../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../queues/queue-worker';
import { type FanOutNotificationJob, JOBS, QUEUES, type SendAlertDeliveryJob } from '../queues/queues';
import { SmtpSettingsRepository } from '../system-settings/smtp/smtp-settings.repository';
import { TelegramSettingsRepository } from '../system-settings/telegram/telegram-settings.repository';
import { botIdOf, TelegramClient, TelegramSendError } from '../system-settings/telegram/telegram.client';
import { alertDeliveriesOutbox } from './alert-deliveries.jobs';
import { AlertDeliveriesRepository, type DeliveryRecord, type Subscriber } from './alert-deliveries.repository';
import { AlertChannelsRepository, type UserChannels } from './alert-channels.repository';
import { ChannelSenders, DeliverySendError } from './channel-senders';
import { DailyReportService } from './daily-report.service';
import { EngineAlertsService } from './engine-alerts.service';

/** Notifications one sweep fans out; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

type SendOutcome = 'sent' | 'skipped' | 'already-done' | 'interrupted';

/**
 * Users' alert channels: turns each notification with a kind into one delivery per chosen channel of each
 * user allowed to get it (one transaction with the notification's fanned-out mark), then sends each
 * delivery at most once (queues/send-once.ts) with BullMQ's retries and backoff. The sweep fans out what
 * no job announced (the engine's alerts) and queues again the deliveries whose job Redis lost.
 */
@Processor(QUEUES.alertDeliveries, WORKER_OPTIONS)
export class AlertDeliveriesProcessor extends QueueWorker {
  protected readonly logger = new Logger('AlertDeliveries');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(ALERT_DELIVERIES_QUEUE) private readonly queue: Queue,
    private readonly deliveries: AlertDeliveriesRepository,
    private readonly channels: AlertChannelsRepository,
    private readonly smtp: SmtpSettingsRepository,
    private readonly senders: ChannelSenders,
    private readonly audit: AuditService,
    private readonly telegramSettings: TelegramSettingsRepository,
    private readonly telegram: TelegramClient,
    private readonly dailyReport: DailyReportService,
    private readonly engineAlerts: EngineAlertsService,
  ) {
    super();
  }

  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.queue, JOBS.sweepAlertDeliveries, this.config.alertSweepMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.sweepAlertDeliveries) return this.sweep();
    if (job.name === JOBS.fanOutNotification) return this.fanOut((job as Job<FanOutNotificationJob['data']>).data.notificationId);
    if (job.name === JOBS.sendAlertDelivery) return this.send(job as Job<SendAlertDeliveryJob['data']>);
    throw new Error(`Unknown job ${job.name}`);
  }

  /** Writes the deliveries of one notification, once; answers their ids (none when another run did it). */
  async fanOut(notificationId: string): Promise<string[]> {
    const ids = await this.dataSource.transaction(async (m) => {
      const notification = await this.deliveries.lockToFanOut(m, notificationId);
      if (!notification) return [];
      const subscribers = await this.deliveries.subscribers(m, notification.kind, notification.user_id);
      const wanted = subscribers.flatMap((s) => this.chosenChannels(s, notification.kind).map((channel) => ({ userId: s.user_id, channel })));
      const added = await this.deliveries.add(m, notification.id, wanted);
      await this.deliveries.markFannedOut(m, notification.id);
      return added;
    });
    await publishAfterCommit(this.outbox(), this.queue, ids, this.config.enqueueTimeoutMs, this.logger);
    return ids;
  }

  /** The delivery channels a subscriber chose for the kind and has a destination for, if their group lets them get it. */
  private chosenChannels(subscriber: Subscriber, kind: DeliveryRecord['kind']): DeliveryChannel[] {
    if (!mayReceive({ perms: completePerms({ perms: subscriber.perms ?? [] }) }, kind)) return [];
    const destinations = { ...this.channels.decrypted(subscriber), telegram_chat_id: subscriber.telegram_chat_id };
    const chosen = subscriber.choices[kind] ?? [];
    return DELIVERY_CHANNELS.filter((channel) => chosen.includes(channel) && destinationOf(destinations, channel) !== null);
  }

  /**
   * One attempt of one delivery. The attempt's key is written to the row before the request leaves: a job
   * run again after its worker died finds its own key there and stops, since the first run may have sent.
   */
  async send(job: Pick<Job<SendAlertDeliveryJob['data']>, 'id' | 'data' | 'attemptsMade' | 'opts'>): Promise<SendOutcome> {
    const key = `${job.id}:${job.attemptsMade}`;
    const row = await this.deliveries.find(this.dataSource, job.data.deliveryId);
    if (!row || row.status !== 'pending') return 'already-done';
    if (row.send_key === key) return this.markFailedForGood(row, DELIVERY_FAILURES.sendInterrupted, job.attemptsMade + 1, 'alert_delivery_interrupted');
    if (!(await this.deliveries.claimSend(this.dataSource, row.id, key))) return 'already-done';
    const skipReason = await this.skipReason(row);
    if (skipReason) {
      await this.deliveries.markSkipped(this.dataSource, row.id, skipReason);
      return 'skipped';
    }
    try {
      await this.deliver(row);
    } catch (error) {
      const final = (error instanceof DeliverySendError && error.permanent) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const message = error instanceof Error ? error.message : String(error);
      if (final) await this.markFailedForGood(row, message, job.attemptsMade + 1, 'alert_delivery_failed');
      else await this.deliveries.recordFailedAttempt(this.dataSource, row.id, message, false);
      this.logger.warn(`delivery ${row.id} (${row.channel}) attempt ${job.attemptsMade + 1} failed: ${message}`);
      throw error instanceof DeliverySendError && error.permanent ? new UnrecoverableError(message) : error;
    }
    await this.deliveries.markSent(this.dataSource, row.id);
    return 'sent';
  }

  /** Why the delivery is not sent: the user may no longer get the kind, or removed the destination. */
  private async skipReason(row: DeliveryRecord): Promise<string | null> {
    if (!row.is_active || !mayReceive({ perms: completePerms({ perms: row.perms ?? [] }) }, row.kind)) return DELIVERY_ERRORS.notAllowedAnymore;
    if (!row.choices || destinationOf(this.destinations(row), row.channel) === null) return DELIVERY_ERRORS.destinationRemoved(row.channel);
    if (row.channel === 'email' && !(await this.smtp.read(this.dataSource))) return DELIVERY_ERRORS.emailNotConfigured;
    if (row.channel === 'telegram' && (await this.telegramBot())?.botId !== row.telegram_bot_id) return TELEGRAM_CHAT_MESSAGES.notLinked;
    return null;
  }

  private async deliver(row: DeliveryRecord): Promise<void> {
    const to = this.destinations(row);
    if (row.channel === 'telegram') return this.sendTelegram(to.telegram_chat_id!, `${row.title}${row.text_body ? `\n${row.text_body}` : ''}`);
    if (row.channel === 'discord') return this.senders.discord(to.discord_url!, row.title, row.text_body);
    if (row.channel === 'webhook') {
      return this.senders.webhook(to.webhook_url!, to.webhook_secret!, {
        delivery_id: row.id,
        kind: row.kind,
        title: row.title,
        text: row.text_body,
        created_at: new Date(row.notification_created_at).toISOString(),
      });
    }
    const smtp = await this.smtp.read(this.dataSource);
    return this.senders.email(smtp!, to.email!, row.title, row.text_body);
  }

  private destinations(row: DeliveryRecord): ChannelDestinations {
    return { ...this.channels.decrypted({ ...row, choices: row.choices ?? {} }), telegram_chat_id: row.telegram_chat_id };
  }

  /** The main bot, whose chats users link; a chat linked under another bot gets nothing (skipped with the reason). */
  private async telegramBot(): Promise<{ token: string; botId: string } | null> {
    const token = (await this.telegramSettings.read())?.token;
    return token ? { token, botId: botIdOf(token) } : null;
  }

  private async sendTelegram(chatId: string, text: string): Promise<void> {
    const bot = await this.telegramBot();
    if (!bot) throw new DeliverySendError(TELEGRAM_CHAT_MESSAGES.notLinked, true);
    try {
      await this.telegram.sendMessage(bot.token, chatId, text);
    } catch (error) {
      if (error instanceof TelegramSendError) throw new DeliverySendError(error.message, error.permanent);
      throw error;
    }
  }

  /** The row failed for good and an `error` log row says why, in one transaction, so nothing is lost without a trace. */
  private async markFailedForGood(row: DeliveryRecord, error: string, attempts: number, eventType: string): Promise<SendOutcome> {
    await this.dataSource.transaction(async (m) => {
      await this.deliveries.recordFailedAttempt(m, row.id, error, true);
      await this.audit.write({ type: 'error', event_type: eventType, user_id: row.user_id, log_data: { delivery_id: row.id, channel: row.channel, kind: row.kind, attempts, error } }, m);
    });
    return 'interrupted';
  }

  private async sweep(): Promise<{ fannedOut: number; requeued: number }> {
    // Written first, so this sweep fans them out.
    await this.dailyReport.writeIfDue();
    await this.engineAlerts.sweep();
    const waiting = await this.deliveries.waitingToFanOut(this.dataSource, SWEEP_BATCH);
    for (const id of waiting) await this.fanOut(id);
    const requeued = await sweepOutbox(this.dataSource, this.outbox(), this.queue, this.config.alertRequeueAfterMs);
    return { fannedOut: waiting.length, requeued };
  }

  private outbox() {
    return alertDeliveriesOutbox(this.config.alertRetryDelayMs);
  }
}

/** A user's destinations with their linked Telegram chat, if any. */
type ChannelDestinations = UserChannels & { telegram_chat_id: string | null };

/** Where a channel of these destinations sends, or null while it is not set. */
export function destinationOf(channels: ChannelDestinations, channel: DeliveryChannel): string | null {
  if (channel === 'telegram') return channels.telegram_chat_id;
  if (channel === 'email') return channels.email;
  if (channel === 'discord') return channels.discord_url;
  return channels.webhook_url && channels.webhook_secret ? channels.webhook_url : null;
}
