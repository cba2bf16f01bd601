import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { CandleDownloadAnswer, CandleImportStatus } from '@console/contracts';
import { firstRow, type Db } from '../common/database/sql';

export interface CandleDownloadRecord {
  id: string;
  exchange: string;
  symbol: string;
  from_minute: Date;
  to_minute: Date;
  next_minute: Date;
  status: CandleImportStatus;
  progress: number;
  added: number;
  attempts: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = 'id::text, exchange, symbol, from_minute, to_minute, next_minute, status, progress, added, attempts, error, created_at, finished_at';

/** The candle_downloads rows: a history download, how far it got and why its last run failed. */
@Injectable()
export class CandleDownloadsRepository {
  async create(db: Db, task: { exchange: string; symbol: string; from: Date; to: Date; requestedBy: number }): Promise<string> {
    const [row] = await db.query(
      `INSERT INTO candle_downloads (exchange, symbol, from_minute, to_minute, next_minute, requested_by) VALUES ($1, $2, $3, $4, $3, $5) RETURNING id::text`,
      [task.exchange, task.symbol, task.from, task.to, task.requestedBy],
    );
    return row.id;
  }

  async find(db: Db, id: string): Promise<CandleDownloadRecord | undefined> {
    return firstRow<CandleDownloadRecord>(db, `SELECT ${COLUMNS} FROM candle_downloads WHERE id = $1`, [id]);
  }

  /** Takes a waiting task, or one a dead or failed run left started (it resumes at its next minute). */
  async claim(db: Db, id: string): Promise<CandleDownloadRecord | undefined> {
    return firstRow<CandleDownloadRecord>(
      db,
      `UPDATE candle_downloads SET status = 'STARTED', started_at = coalesce(started_at, now()) WHERE id = $1 AND status IN ('PENDING', 'STARTED') RETURNING ${COLUMNS}`,
      [id],
    );
  }

  /** In the page's transaction, so the page's candles and the minute the next run starts at commit together. */
  async page(client: PoolClient, id: string, page: { next: number; added: number }): Promise<void> {
    await client.query(
      `UPDATE candle_downloads
          SET next_minute = $2, added = added + $3,
              progress = least(99, floor(100 * extract(epoch FROM $2::timestamptz - from_minute) / extract(epoch FROM to_minute - from_minute)))
        WHERE id = $1`,
      [id, new Date(page.next), page.added],
    );
  }

  /** A failed run: its message kept for the console; FAILURE when no retry follows. */
  async failed(db: Db, id: string, error: string, final: boolean): Promise<void> {
    await db.query(
      `UPDATE candle_downloads SET attempts = attempts + 1, error = $2, status = CASE WHEN $3 THEN 'FAILURE' ELSE status END,
              finished_at = CASE WHEN $3 THEN now() END
        WHERE id = $1 AND status = 'STARTED'`,
      [id, error, final],
    );
  }

  /**
   * The symbols the profiles of `live` accounts trade, with each one's last stored minute since `since`
   * (null: none in that window).
   */
  async liveSymbols(db: Db, since: Date): Promise<{ exchange: string; symbol: string; last: Date | null }[]> {
    return db.query(
      `SELECT DISTINCT a.exchange, p.ticker AS symbol,
              (SELECT max(c.minute) FROM candles c WHERE c.exchange = a.exchange AND c.symbol = p.ticker AND c.minute >= $1) AS last
         FROM exchange_accounts a
         JOIN strategy_profiles sp ON sp.exchange_account_id = a.id AND sp.status <> 'draft'
         JOIN ticker_config_pairs tcp ON tcp.ticker_config_id = sp.ticker_config_id
         JOIN pairs p ON p.id = tcp.pair_id
        WHERE a.market = 'live'
        ORDER BY 1, 2`,
      [since],
    );
  }

  async succeeded(db: Db, id: string): Promise<void> {
    await db.query(`UPDATE candle_downloads SET status = 'SUCCESS', progress = 100, finished_at = now() WHERE id = $1 AND status = 'STARTED'`, [id]);
  }
}

export function downloadAnswer(task: CandleDownloadRecord): CandleDownloadAnswer {
  return {
    id: task.id,
    exchange: task.exchange,
    symbol: task.symbol,
    from: task.from_minute.toISOString(),
    to: task.to_minute.toISOString(),
    status: task.status,
    progress: task.progress,
    added: task.added,
    attempts: task.attempts,
    error: task.error,
    created_at: task.created_at.toISOString(),
    finished_at: task.finished_at?.toISOString() ?? null,
  };
}
