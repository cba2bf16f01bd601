import { Injectable } from '@nestjs/common';
import { type Db, firstRow, queryRows } from '../common/database/sql';

/** Every statement on daily_reports: one row per reported UTC day. */
@Injectable()
export class DailyReportsRepository {
  async written(db: Db, day: string): Promise<boolean> {
    return !!(await firstRow(db, `SELECT 1 FROM daily_reports WHERE day = $1`, [day]));
  }

  /** Serialises the writers of a report (sweeps of several workers) until the transaction ends. */
  async lock(db: Db): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('daily_reports'))`);
  }

  /**
   * The day's notification (kind daily_report, for the fan-out's sweep) and its row. Written here, not
   * through the notifications folder, which imports this one (folders import no circle).
   */
  async add(db: Db, day: string, title: string, text: string): Promise<string> {
    const [{ id }] = await queryRows<{ id: string }>(db, `INSERT INTO notifications (title, text_body, kind) VALUES ($1, $2, 'daily_report') RETURNING id::text`, [title, text]);
    await db.query(`INSERT INTO daily_reports (day, notification_id) VALUES ($1, $2)`, [day, id]);
    return id;
  }
}
