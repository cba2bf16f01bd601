import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { DELIVERY_FAILURES } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { AuditService } from '../../logs/audit.service';
import { TelegramSettingsRepository } from './telegram-settings.repository';
import { TELEGRAM_QUEUE } from '../../queues/queue-producers.module';
import { QueueWorker, repeatingJob, ScheduleSpec, WORKER_OPTIONS } from '../../queues/queue-worker';
import { JOBS, QUEUES, type SendTelegramMessageJob } from '../../queues/queues';
import { TelegramClient, TelegramSendError } from './telegram.client';
import { sweepOutbox } from '../../queues/outbox';
import { telegramOutbox } from './telegram.jobs';
import { OutboxRecord, TelegramOutboxRepository } from './telegram-outbox.repository';

type SendOutcome = 'sent' | 'skipped' | 'already-done' | 'interrupted';

/** The message a row gets when its send was cut off by a dying worker: it is not sent twice. */
const INTERRUPTED_SEND = DELIVERY_FAILURES.sendInterrupted;

/**
 * Sends telegram_outbox rows. BullMQ retries a failed send with exponential backoff; when the last
 * attempt fails (or Telegram refuses for good) the row is marked failed and an `error` log row says
 * why, in one transaction, so no message is lost without a trace.
 */
@Processor(QUEUES.telegram, WORKER_OPTIONS)
export class TelegramProcessor extends QueueWorker {
  protected readonly logger = new Logger('Telegram');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(TELEGRAM_QUEUE) private readonly telegramQueue: Queue,
    private readonly outboxRows: TelegramOutboxRepository,
    private readonly settings: TelegramSettingsRepository,
    private readonly client: TelegramClient,
    private readonly audit: AuditService,
  ) {
    super();
  }

  /** The sweeper: rows still pending after TELEGRAM_REQUEUE_AFTER_MS lost their job (Redis was away), and are queued again. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    return [repeatingJob(this.telegramQueue, JOBS.requeuePendingTelegram, this.config.telegramSweepMs)];
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingTelegram) return this.requeuePending();
    if (job.name !== JOBS.sendTelegramMessage) throw new Error(`Unknown job ${job.name}`);
    return this.send(job as Job<SendTelegramMessageJob['data']>);
  }

  /**
   * One attempt of one row. The attempt's key is written to the row before the request leaves: a job
   * that BullMQ runs again after its worker died (a stalled job keeps its attempt number) finds its own
   * key there and stops, since the first run may have reached Telegram. A retry after a failed attempt
   * has a new key and sends again.
   */
  async send(job: Pick<Job<SendTelegramMessageJob['data']>, 'id' | 'data' | 'attemptsMade' | 'opts'>): Promise<SendOutcome> {
    const key = `${job.id}:${job.attemptsMade}`;
    const row = await this.outboxRows.find(this.dataSource, job.data.outboxId);
    if (!row || row.status !== 'pending') return 'already-done';
    if (row.send_key === key) return this.markInterrupted(row, job.attemptsMade + 1);
    if (!(await this.outboxRows.claimSend(this.dataSource, row.id, key))) return 'already-done';
    const target = await this.settings.target(row.bot);
    if (!target) {
      // The feed keeps the notification; there is just no bot to send it to yet.
      await this.outboxRows.markSkipped(this.dataSource, row.id, DELIVERY_FAILURES.botNotConfigured(row.bot));
      return 'skipped';
    }
    try {
      await this.client.sendMessage(target.token, target.chatId, row.text);
    } catch (error) {
      await this.recordFailure(job as Job, row, error);
      throw error instanceof TelegramSendError && error.permanent ? new UnrecoverableError(error.message) : error;
    }
    await this.outboxRows.markSent(this.dataSource, row.id);
    return 'sent';
  }

  private async recordFailure(job: Job, row: OutboxRecord, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = job.opts.attempts ?? 1;
    const final = (error instanceof TelegramSendError && error.permanent) || job.attemptsMade + 1 >= attempts;
    await this.dataSource.transaction(async (m) => {
      await this.outboxRows.recordFailedAttempt(m, row.id, message, final);
      if (!final) return;
      await this.audit.write(
        {
          type: 'error',
          event_type: 'telegram_send_failed',
          log_data: { outbox_id: row.id, notification_id: row.notification_id, bot: row.bot, attempts: job.attemptsMade + 1, error: message, text: row.text.slice(0, 500) },
        },
        m,
      );
    });
    this.logger.warn(`outbox ${row.id} (${row.bot}) attempt ${job.attemptsMade + 1}/${attempts} failed: ${message}`);
  }

  private async markInterrupted(row: OutboxRecord, attempt: number): Promise<SendOutcome> {
    await this.dataSource.transaction(async (m) => {
      await this.outboxRows.recordFailedAttempt(m, row.id, INTERRUPTED_SEND, true);
      await this.audit.write(
        { type: 'error', event_type: 'telegram_send_interrupted', log_data: { outbox_id: row.id, notification_id: row.notification_id, bot: row.bot, attempts: attempt, error: INTERRUPTED_SEND, text: row.text.slice(0, 500) } },
        m,
      );
    });
    this.logger.warn(`outbox ${row.id} (${row.bot}): ${INTERRUPTED_SEND}`);
    return 'interrupted';
  }

  private async requeuePending(): Promise<{ requeued: number }> {
    const outbox = telegramOutbox(this.config.telegramRetryDelayMs);
    return { requeued: await sweepOutbox(this.dataSource, outbox, this.telegramQueue, this.config.telegramRequeueAfterMs) };
  }
}
