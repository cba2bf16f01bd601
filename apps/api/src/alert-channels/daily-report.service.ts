import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DAILY_REPORT, dayFiguresText, formatAccountTitle } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { MonthsStatsService } from '../stats/months-stats.service';
import { DailyReportsRepository } from './daily-reports.repository';

const DAY_MS = 86_400_000;

/**
 * The daily report: once the configured UTC hour has come, the previous UTC day's realised figures (the
 * same as `/daily`'s, By Months' functions over the day rollup) as one notification of kind daily_report,
 * which the alert fan-out turns into a delivery for each user who chose a channel for it and may receive
 * it. The day's row in daily_reports is written in the notification's transaction, under a lock, so the
 * report is written once per day whatever the number of sweeps, workers or restarts.
 */
@Injectable()
export class DailyReportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly months: MonthsStatsService,
    private readonly reports: DailyReportsRepository,
  ) {}

  /** Writes the previous day's report when due and not written yet; answers its notification's id, else null. */
  async writeIfDue(now = new Date()): Promise<string | null> {
    if (now.getUTCHours() < this.config.dailyReportHourUtc) return null;
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS).toISOString().slice(0, 10);
    if (await this.reports.written(this.dataSource, day)) return null;
    // The day before `now` and its day: by_day[0] is the reported day.
    const stats = await this.months.days(undefined, 2, now);
    const reported = stats.by_day.find((d) => d.period === day);
    const text = stats.exchange_account && reported ? DAILY_REPORT.text(formatAccountTitle(stats.exchange_account.title), day, dayFiguresText(reported)) : DAILY_REPORT.noAccount;
    return this.dataSource.transaction(async (m) => {
      await this.reports.lock(m);
      if (await this.reports.written(m, day)) return null;
      return this.reports.add(m, day, DAILY_REPORT.title, text);
    });
  }
}
