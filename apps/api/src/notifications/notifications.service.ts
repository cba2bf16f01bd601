import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { NotificationKind, NotificationRow } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import type { Db } from '../common/database/sql';
import { ALERT_DELIVERIES_QUEUE, TELEGRAM_QUEUE } from '../queues/queue-producers.module';
import { NOTIFICATION_FAN_OUT } from '../alert-channels/alert-deliveries.jobs';
import { publishAfterCommit } from '../queues/outbox';
import { telegramOutbox } from '../system-settings/telegram/telegram.jobs';
import { NotificationsQuery } from './notifications.dto';
import { NOTIFICATION_LIST } from './notifications.list';
import { NotificationsRepository } from './notifications.repository';
import { TelegramOutboxRepository } from '../system-settings/telegram/telegram-outbox.repository';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { LiveEvents } from '../live/live-events';
import { ReadDb } from '../common/database/read-replica';

interface NotificationInput {
  title: string;
  text_body: string;
  /** A kind users route to their own channels (email, Discord, webhooks); none: the feed and the group's Telegram chat only. */
  kind?: NotificationKind;
  /** The one user a kind concerns (their export, their sign-in); only they get it on their channels. */
  userId?: number;
}

/** A notification written in a transaction, to publish after its commit. */
export interface WrittenNotification {
  id: string;
  outboxId: string;
  kind: NotificationKind | null;
}

const TITLE_MAX = 255;

/**
 * The notification feed, and the way every feature alerts the operator: `notify` stores the
 * notification and its Telegram outbox row in one transaction, then wakes a worker to send it, and one
 * to fan a notification with a kind out to its users' own channels.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger('Notifications');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TELEGRAM_QUEUE) private readonly telegramQueue: Queue,
    @Inject(ALERT_DELIVERIES_QUEUE) private readonly alertsQueue: Queue,
    private readonly notifications: NotificationsRepository,
    private readonly outboxRows: TelegramOutboxRepository,
    private readonly live: LiveEvents,
  ) {}

  list(query: NotificationsQuery): Promise<ListPage<NotificationRow>> {
    return queryListPage<NotificationRow, NotificationsQuery>(this.reads, NOTIFICATION_LIST, query);
  }

  async notify(input: NotificationInput): Promise<WrittenNotification> {
    const written = await this.dataSource.transaction((m) => this.write(m, input));
    await this.publish(written);
    return written;
  }

  /**
   * The notification and its Telegram outbox row in the caller's transaction, so they commit with the
   * change they announce: a process killed or a connection cut after that commit cannot lose them.
   * `publish` the answer once the transaction has committed.
   */
  async write(db: Db, input: NotificationInput): Promise<WrittenNotification> {
    const title = input.title.trim().slice(0, TITLE_MAX);
    const text = input.text_body.trim() ? `${title}\n\n${input.text_body.trim()}` : title;
    const id = await this.notifications.insert(db, { title, text_body: input.text_body, kind: input.kind, userId: input.userId });
    const outboxId = await this.outboxRows.add(db, { bot: 'main', text, notificationId: id });
    return { id, outboxId, kind: input.kind ?? null };
  }

  /** After the commit of `write`: wakes a worker to send it and tells the open consoles; never throws. */
  async publish(written: WrittenNotification): Promise<void> {
    // Committed first: if Redis is away now, the request still answers at once and the worker's sweeper
    // finds the pending row later (the job id is the row's, so a late enqueue and the sweep add one job).
    await Promise.all([
      publishAfterCommit(telegramOutbox(this.config.telegramRetryDelayMs), this.telegramQueue, [written.outboxId], this.config.enqueueTimeoutMs, this.logger),
      // A kind fans out to users' own channels; the worker's sweep does it if this publish is lost.
      publishAfterCommit(NOTIFICATION_FAN_OUT, this.alertsQueue, written.kind ? [written.id] : [], this.config.enqueueTimeoutMs, this.logger),
      this.live.publish({ resource: 'notifications', action: 'created', section: 'notifications', ids: [written.id] }),
    ]);
  }

  /**
   * For events announced after their change has committed: the change stands whatever happens here, so
   * a failure to store the notification is logged as an error instead of failing the caller.
   */
  async announce(input: NotificationInput): Promise<void> {
    await this.notify(input).catch((error: Error) => this.logger.error(`notification "${input.title}" could not be stored: ${error.message}`));
  }
}
