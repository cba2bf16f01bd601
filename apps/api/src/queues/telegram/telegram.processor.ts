import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { AuditService } from '../../logs/audit.service';
import { TelegramBot, TelegramSettingsStore } from '../../settings/telegram/telegram-settings.store';
import { TELEGRAM_QUEUE } from '../queue-producers.module';
import { QueueWorker, WORKER_OPTIONS } from '../queue-worker';
import { JOBS, QUEUES } from '../queues';
import { TelegramClient, TelegramSendError } from './telegram.client';
import { enqueueTelegramSend } from './telegram.jobs';

interface OutboxRow {
  id: string;
  notification_id: string | null;
  bot: TelegramBot;
  text: string;
  status: string;
}

export type SendOutcome = 'sent' | 'skipped' | 'already-done';

/** Rows still pending this long after they were written have lost their job (Redis was down): queue them again. */
const REQUEUE_AFTER = `2 minutes`;
const REQUEUE_SWEEP_EVERY_MS = 60_000;

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
    private readonly settings: TelegramSettingsStore,
    private readonly client: TelegramClient,
    private readonly audit: AuditService,
  ) {
    super();
  }

  protected async registerSchedules(): Promise<void> {
    await this.telegramQueue.upsertJobScheduler(JOBS.requeuePendingTelegram, { every: REQUEUE_SWEEP_EVERY_MS }, { name: JOBS.requeuePendingTelegram, data: {} });
  }

  async process(job: Job): Promise<unknown> {
    if (job.name === JOBS.requeuePendingTelegram) return this.requeuePending();
    if (job.name !== JOBS.sendTelegramMessage) throw new Error(`Unknown job ${job.name}`);
    return this.send(job as Job<{ outboxId: string }>);
  }

  private async send(job: Job<{ outboxId: string }>): Promise<SendOutcome> {
    const rows: OutboxRow[] = await this.dataSource.query(`SELECT id::text, notification_id::text, bot, text, status FROM telegram_outbox WHERE id = $1`, [
      job.data.outboxId,
    ]);
    const row = rows[0];
    if (!row || row.status !== 'pending') return 'already-done';
    const target = await this.settings.target(row.bot);
    if (!target) {
      // The feed keeps the notification; there is just no bot to send it to yet.
      await this.dataSource.query(`UPDATE telegram_outbox SET status = 'skipped', last_error = $2 WHERE id = $1`, [row.id, `The ${row.bot} bot is not configured`]);
      return 'skipped';
    }
    try {
      await this.client.sendMessage(target.token, target.chatId, row.text);
    } catch (error) {
      await this.recordFailure(job, row, error);
      throw error instanceof TelegramSendError && error.permanent ? new UnrecoverableError(error.message) : error;
    }
    await this.dataSource.query(`UPDATE telegram_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [row.id]);
    return 'sent';
  }

  private async recordFailure(job: Job, row: OutboxRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const attempts = job.opts.attempts ?? 1;
    const final = (error instanceof TelegramSendError && error.permanent) || job.attemptsMade + 1 >= attempts;
    await this.dataSource.transaction(async (m) => {
      await m.query(`UPDATE telegram_outbox SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1`, [row.id, message, final ? 'failed' : 'pending']);
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

  private async requeuePending(): Promise<{ requeued: number }> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id::text FROM telegram_outbox WHERE status = 'pending' AND created_at < now() - interval '${REQUEUE_AFTER}' ORDER BY created_at LIMIT 500`,
    );
    // Same job id as the first enqueue: a job that still exists (waiting, delayed for a retry) is not duplicated.
    for (const { id } of rows) await enqueueTelegramSend(this.telegramQueue, id, this.config.telegramRetryDelayMs);
    return { requeued: rows.length };
  }
}
