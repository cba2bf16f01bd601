import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import type { CandleCoverageRow, CandleImportAnswer, CandleImportFileAnswer, CandleImportFileStatus, CandleImportStatus } from '@console/contracts';
import { firstRow, type Db } from '../common/database/sql';
import type { CandleFileResult } from './candle-importer';

/** One file of a task as the row keeps it: its answer, and where the upload waits. */
export interface StoredCandleFile extends CandleImportFileAnswer {
  path: string;
}

export interface CandleImportRecord {
  id: string;
  exchange: string;
  symbol: string;
  status: CandleImportStatus;
  progress: number;
  files: StoredCandleFile[];
  created_at: Date;
  finished_at: Date | null;
}

/** A TypeORM manager or the pg client of a file's transaction. */
type Queryable = { query(sql: string, params: unknown[]): Promise<unknown> };

const COLUMNS = 'id::text, exchange, symbol, status, progress, files, created_at, finished_at';

/** The candle_imports rows (a task of uploaded files) and the coverage they keep. */
@Injectable()
export class CandleImportsRepository {
  async create(db: Db, task: { exchange: string; symbol: string; files: StoredCandleFile[]; requestedBy: number }): Promise<string> {
    const [row] = await db.query(`INSERT INTO candle_imports (exchange, symbol, files, requested_by) VALUES ($1, $2, $3, $4) RETURNING id::text`, [
      task.exchange,
      task.symbol,
      JSON.stringify(task.files),
      task.requestedBy,
    ]);
    return row.id;
  }

  async find(db: Db, id: string): Promise<CandleImportRecord | undefined> {
    return firstRow<CandleImportRecord>(db, `SELECT ${COLUMNS} FROM candle_imports WHERE id = $1`, [id]);
  }

  /** Takes a waiting task, or one a dead or failed run left started (its files still PENDING are read again). */
  async claim(db: Db, id: string): Promise<CandleImportRecord | undefined> {
    return firstRow<CandleImportRecord>(
      db,
      `UPDATE candle_imports SET status = 'STARTED', started_at = coalesce(started_at, now()) WHERE id = $1 AND status IN ('PENDING', 'STARTED') RETURNING ${COLUMNS}`,
      [id],
    );
  }

  async progress(db: Db, id: string, percent: number): Promise<void> {
    await db.query(`UPDATE candle_imports SET progress = greatest(progress, $2) WHERE id = $1 AND status = 'STARTED'`, [id, percent]);
  }

  /** In the file's own transaction, so its rows and its DONE commit together. */
  async fileDone(client: PoolClient, id: string, index: number, result: CandleFileResult): Promise<void> {
    await this.setFile(client, id, index, 'DONE', { rows: result.rows, added: result.added, error: null });
  }

  async fileFailed(db: Queryable, id: string, index: number, error: string): Promise<void> {
    await this.setFile(db, id, index, 'FAILED', { error });
  }

  private async setFile(db: Queryable, id: string, index: number, status: CandleImportFileStatus, fields: Partial<CandleImportFileAnswer>): Promise<void> {
    await db.query(`UPDATE candle_imports SET files = jsonb_set(files, ARRAY[$2::int::text], files -> $2::int || $3::jsonb) WHERE id = $1`, [
      id,
      index,
      JSON.stringify({ ...fields, status }),
    ]);
  }

  /** The end of a task: SUCCESS when every file loaded, FAILURE when one was refused. */
  async finish(db: Db, id: string): Promise<CandleImportStatus | undefined> {
    const row = await firstRow<{ status: CandleImportStatus }>(
      db,
      `UPDATE candle_imports SET progress = 100, finished_at = now(),
              status = CASE WHEN files @> '[{"status": "FAILED"}]' THEN 'FAILURE' ELSE 'SUCCESS' END
        WHERE id = $1 AND status = 'STARTED' RETURNING status`,
      [id],
    );
    return row?.status;
  }

  async coverage(db: Db, filter: { exchange?: string; symbol?: string }): Promise<CandleCoverageRow[]> {
    const rows: (Omit<CandleCoverageRow, 'first_minute' | 'last_minute' | 'candles'> & { first_minute: Date; last_minute: Date; candles: string })[] = await db.query(
      `SELECT exchange, symbol, first_minute, last_minute, candles, gaps FROM candle_coverage
        WHERE ($1::text IS NULL OR exchange = $1) AND ($2::text IS NULL OR symbol = $2) ORDER BY exchange, symbol`,
      [filter.exchange ?? null, filter.symbol ?? null],
    );
    return rows.map((r) => ({ ...r, first_minute: r.first_minute.toISOString(), last_minute: r.last_minute.toISOString(), candles: Number(r.candles) }));
  }
}

/** A task as its state call answers it: the files without where they wait. */
export function importAnswer(task: CandleImportRecord): CandleImportAnswer {
  return {
    id: task.id,
    exchange: task.exchange,
    symbol: task.symbol,
    status: task.status,
    progress: task.progress,
    files: task.files.map(({ name, status, rows, added, error }) => ({ name, status, rows, added, error })),
    created_at: task.created_at.toISOString(),
    finished_at: task.finished_at?.toISOString() ?? null,
  };
}
