import { Injectable } from '@nestjs/common';
import { type Db, firstRow, queryRows } from '../../common/database/sql';
import type { InvestorReportSchedule } from '@console/contracts';
import { SCHEDULE_COLUMNS } from './investor-report-schedules.list';

/** What a run of a schedule needs: its kind (for the default period), its pattern and its last run. */
export interface ScheduleRun {
  id: number;
  schedule_type: InvestorReportSchedule['schedule_type'];
  schedule_crontab: string;
  last_run_at: Date | null;
}

/** Every statement on `investor_report_schedules` outside its list declaration. */
@Injectable()
export class InvestorReportSchedulesRepository {
  async findForUpdate(db: Db, id: number): Promise<InvestorReportSchedule | undefined> {
    return firstRow(db, `SELECT ${SCHEDULE_COLUMNS} FROM investor_report_schedules WHERE id = $1 FOR UPDATE`, [id]);
  }

  async insert(db: Db, entry: Omit<InvestorReportSchedule, 'id'>): Promise<InvestorReportSchedule> {
    const [row] = await queryRows<InvestorReportSchedule>(
      db,
      `INSERT INTO investor_report_schedules (schedule_type, investor_report_time, local_investor_report_time, schedule_crontab)
       VALUES ($1, $2, $3, $4) RETURNING ${SCHEDULE_COLUMNS}`,
      [entry.schedule_type, entry.investor_report_time, entry.local_investor_report_time, entry.schedule_crontab],
    );
    return row;
  }

  async delete(db: Db, id: number): Promise<void> {
    await db.query(`DELETE FROM investor_report_schedules WHERE id = $1`, [id]);
  }

  /** Every entry's pattern: the job schedulers the worker registers. */
  async patterns(db: Db): Promise<Pick<ScheduleRun, 'id' | 'schedule_crontab'>[]> {
    return queryRows(db, `SELECT id, schedule_crontab FROM investor_report_schedules`);
  }

  async findRun(db: Db, id: number): Promise<ScheduleRun | undefined> {
    return firstRow(db, `SELECT id, schedule_type, schedule_crontab, last_run_at FROM investor_report_schedules WHERE id = $1`, [id]);
  }

  /** The end of the period a run reported on: the next run starts there. */
  async markRun(db: Db, id: number, periodEnd: Date): Promise<void> {
    await db.query(`UPDATE investor_report_schedules SET last_run_at = $2 WHERE id = $1`, [id, periodEnd]);
  }
}
