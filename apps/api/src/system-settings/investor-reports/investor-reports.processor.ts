import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DELIVERY_FAILURES } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { AuditService } from '../../logs/audit.service';
import { InvestorReportSchedulesRepository, ScheduleRun } from './investor-report-schedules.repository';
import { TelegramSettingsRepository } from '../telegram/telegram-settings.repository';
import { TelegramOutboxRepository } from '../telegram/telegram-outbox.repository';
import { INVESTOR_REPORTS_QUEUE, TELEGRAM_QUEUE } from '../../queues/queue-producers.module';
import { QueueWorker, ScheduleSpec, WORKER_OPTIONS } from '../../queues/queue-worker';
import { JOBS, QUEUES, type SendInvestorReportJob } from '../../queues/queues';
import { enqueueTelegramSend } from '../telegram/telegram.jobs';
import { InvestorReportBuilder } from './investor-report.builder';
import { registerReportSchedule, removeReportSchedule, scheduleIdOf, schedulerId } from './investor-reports.jobs';

const PERIOD_MS: Record<ScheduleRun['schedule_type'], number> = {
  daily: 24 * 3600_000,
  weekly: 7 * 24 * 3600_000,
  monthly: 30 * 24 * 3600_000,
  custom: 24 * 3600_000,
};

/**
 * Runs investor report schedules. At worker start the job schedulers are registered again from
 * investor_report_schedules (the record), and schedulers of deleted entries are dropped. Each run
 * builds the report and hands it to the Telegram outbox for the investor bot.
 */
@Processor(QUEUES.investorReports, WORKER_OPTIONS)
export class InvestorReportsProcessor extends QueueWorker {
  protected readonly logger = new Logger('InvestorReports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
    @Inject(TELEGRAM_QUEUE) private readonly telegramQueue: Queue,
    @Inject(INVESTOR_REPORTS_QUEUE) private readonly reportsQueue: Queue,
    private readonly scheduleRows: InvestorReportSchedulesRepository,
    private readonly outboxRows: TelegramOutboxRepository,
    private readonly settings: TelegramSettingsRepository,
    private readonly builder: InvestorReportBuilder,
    private readonly audit: AuditService,
  ) {
    super();
  }

  /** One scheduler per row of investor_report_schedules, the record of what must run. */
  protected async schedules(): Promise<ScheduleSpec[]> {
    const rows = await this.scheduleRows.patterns(this.dataSource);
    return rows.map((row) => ({
      queue: this.reportsQueue,
      key: schedulerId(row.id),
      register: () => registerReportSchedule(this.reportsQueue, row.id, row.schedule_crontab),
    }));
  }

  /** Drops schedulers of entries that no longer exist (deleted while Redis was away). */
  protected override async afterRegistration(registered: ScheduleSpec[]): Promise<void> {
    const known = new Set(registered.map((spec) => spec.key));
    for (const scheduler of await this.reportsQueue.getJobSchedulers(0, -1)) {
      if (scheduleIdOf(scheduler.key) !== null && !known.has(scheduler.key)) await this.reportsQueue.removeJobScheduler(scheduler.key);
    }
    this.logger.log(`registered ${registered.length} investor report schedule(s)`);
  }

  async process(job: Job): Promise<unknown> {
    if (job.name !== JOBS.sendInvestorReport) throw new Error(`Unknown job ${job.name}`);
    const { scheduleId } = (job as Job<SendInvestorReportJob['data']>).data;
    const schedule = await this.scheduleRows.findRun(this.dataSource, scheduleId);
    if (!schedule) {
      // The entry was deleted but its scheduler survived (Redis was down at the time): drop it now.
      await removeReportSchedule(this.reportsQueue, scheduleId);
      return { skipped: 'schedule deleted' };
    }
    const to = new Date();
    const from = schedule.last_run_at ?? new Date(to.getTime() - PERIOD_MS[schedule.schedule_type]);
    const text = this.builder.text(await this.builder.figures(from, to));

    if (!(await this.settings.target('investor'))) {
      await this.dataSource.transaction(async (m) => {
        await this.scheduleRows.markRun(m, schedule.id, to);
        await this.audit.write({ type: 'error', event_type: 'investor_report_not_sent', log_data: { schedule_id: schedule.id, reason: DELIVERY_FAILURES.botNotConfigured('investor') } }, m);
      });
      return { skipped: 'investor bot not configured' };
    }
    const outboxId = await this.dataSource.transaction(async (m) => {
      await this.scheduleRows.markRun(m, schedule.id, to);
      return this.outboxRows.add(m, { bot: 'investor', text });
    });
    await enqueueTelegramSend(this.telegramQueue, outboxId, this.config.telegramRetryDelayMs);
    return { outboxId };
  }
}
