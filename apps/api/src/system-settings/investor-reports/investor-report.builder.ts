import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

interface InvestorReportFigures {
  from: Date;
  to: Date;
  notifications: number;
  errors: number;
  activePairs: number;
  totalPairs: number;
  exchangeAccounts: number;
}

/**
 * The investor report, from what the database holds. Trading data (positions, PnL) is not in the
 * console yet, so the report says what is known honestly: activity and health over the period.
 * When signals and positions land, their figures join here.
 */
@Injectable()
export class InvestorReportBuilder {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async figures(from: Date, to: Date): Promise<InvestorReportFigures> {
    const [row]: { notifications: number; errors: number; active_pairs: number; total_pairs: number; exchange_accounts: number }[] =
      await this.dataSource.query(
        `SELECT (SELECT count(*)::int FROM notifications WHERE created_at >= $1 AND created_at < $2) AS notifications,
                (SELECT count(*)::int FROM logs WHERE type = 'error' AND created_at >= $1 AND created_at < $2) AS errors,
                (SELECT count(*) FILTER (WHERE is_active)::int FROM pairs) AS active_pairs,
                (SELECT count(*)::int FROM pairs) AS total_pairs,
                (SELECT count(*)::int FROM exchange_accounts) AS exchange_accounts`,
        [from, to],
      );
    return {
      from,
      to,
      notifications: row.notifications,
      errors: row.errors,
      activePairs: row.active_pairs,
      totalPairs: row.total_pairs,
      exchangeAccounts: row.exchange_accounts,
    };
  }

  text(f: InvestorReportFigures): string {
    const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
    return [
      'Investor report',
      `Period: ${day(f.from)} – ${day(f.to)} UTC`,
      '',
      `Active trading pairs: ${f.activePairs} of ${f.totalPairs}`,
      `Exchange accounts: ${f.exchangeAccounts}`,
      `Notifications in the period: ${f.notifications}`,
      `Errors logged in the period: ${f.errors}`,
      '',
      'Trading results (positions, PnL) will appear here once the trading data is recorded by the console.',
    ].join('\n');
  }
}
