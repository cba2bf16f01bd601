import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { InvestorReportSchedule } from '@console/contracts';
import type { Principal } from '../../access/principal';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { foundOr404 } from '../../common/errors/api-errors';
import { AuditService } from '../../logs/audit.service';
import { handOffAfterCommit } from '../../queues/after-commit';
import { registerReportSchedule, removeReportSchedule } from './investor-reports.jobs';
import { INVESTOR_REPORTS_QUEUE } from '../../queues/queue-producers.module';
import { parseClockTime, parseReportTime } from '../report-time';
import { CreateScheduleDto, SchedulesQuery } from './investor-reports.dto';
import { SCHEDULE_LIST } from './investor-report-schedules.list';
import { InvestorReportSchedulesRepository } from './investor-report-schedules.repository';
import { ListPage, queryListPage } from '../../common/list-query/list-query';
import { checkCustomPattern, patternFor } from './schedule-pattern';
import { ReadDb } from '../../common/database/read-replica';

/** Investor report schedule entries; each one is a job scheduler on the investor-reports queue. */
@Injectable()
export class InvestorReportSchedulesService {
  private readonly logger = new Logger('InvestorReports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    @Inject(INVESTOR_REPORTS_QUEUE) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedules: InvestorReportSchedulesRepository,
    private readonly audit: AuditService,
  ) {}

  list(query: SchedulesQuery): Promise<ListPage<InvestorReportSchedule>> {
    return queryListPage<InvestorReportSchedule, SchedulesQuery>(this.reads, SCHEDULE_LIST, query);
  }

  async create(principal: Principal, body: CreateScheduleDto): Promise<InvestorReportSchedule> {
    const entry = buildEntry(body);
    const created = await this.dataSource.transaction(async (m) => {
      const row = await this.schedules.insert(m, entry);
      await this.audit.write({ type: 'user', event_type: 'investor_report_schedule_created', user_id: principal.userId, log_data: { after: row } }, m);
      return row;
    });
    // The row is the record: should Redis be away, the workers' schedule check registers it when it returns.
    await handOffAfterCommit(registerReportSchedule(this.queue, created.id, created.schedule_crontab), this.config.enqueueTimeoutMs, this.logger, `schedule ${created.id}`);
    return created;
  }

  async remove(principal: Principal, id: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.schedules.findForUpdate(m, id));
      await this.schedules.delete(m, id);
      await this.audit.write({ type: 'user', event_type: 'investor_report_schedule_deleted', user_id: principal.userId, log_data: { before } }, m);
    });
    // After the commit; should Redis be away, the worker drops the orphan at its next start or run.
    await handOffAfterCommit(removeReportSchedule(this.queue, id), this.config.enqueueTimeoutMs, this.logger, `schedule ${id} removal`);
  }
}

function buildEntry(body: CreateScheduleDto): Omit<InvestorReportSchedule, 'id'> {
  const local = body.local_investor_report_time ? parseClockTime('local_investor_report_time', body.local_investor_report_time) : null;
  if (body.schedule_type === 'custom') {
    const { pattern, firstTime } = checkCustomPattern(body.schedule_crontab);
    const time = body.investor_report_time ? parseReportTime('investor_report_time', body.investor_report_time) : firstTime;
    return { schedule_type: 'custom', investor_report_time: time, local_investor_report_time: local ?? time, schedule_crontab: pattern };
  }
  const time = parseReportTime('investor_report_time', body.investor_report_time ?? '');
  return { schedule_type: body.schedule_type, investor_report_time: time, local_investor_report_time: local ?? time, schedule_crontab: patternFor(body.schedule_type, time) };
}

