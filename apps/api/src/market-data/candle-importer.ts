/**
 * Loads one file into the candle store: every CSV it holds is parsed line by line (the contracts'
 * CandleCsvParser) and streamed with COPY into a temporary table, then moved with one
 * INSERT … ON CONFLICT DO NOTHING, so a minute already stored is never written twice; the months it
 * touches get their partitions, and the symbol's coverage row is brought up to date, all in the file's
 * one transaction. The first bad row stops the file: the COPY is abandoned and nothing of it stays.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource } from 'typeorm';
import { CandleCsvError, CandleCsvParser, MARKET_DATA_MESSAGES, type CandleCsvRow } from '@console/contracts';
import { CandleFileError, candleTextsOf } from './candle-files';

export interface CandleFile {
  exchange: string;
  symbol: string;
  /** Where the file is on disk, and the name its uploader gave it (the extension decides how it is read). */
  path: string;
  name: string;
}

export interface CandleFileResult {
  /** Rows read from the file. */
  rows: number;
  /** Minutes the store did not have before. */
  added: number;
}

export interface CandleImportHooks {
  /** Bytes of the file's CSV text read so far, of the total; called every few thousand rows. */
  onProgress?: (read: number, total: number) => Promise<void> | void;
  /** Inside the file's transaction, just before it commits (a task records the file's result there). */
  beforeCommit?: (client: PoolClient, result: CandleFileResult) => Promise<void>;
}

const PROGRESS_EVERY_ROWS = 20_000;
/** Rows joined into one write to the COPY stream. */
const COPY_CHUNK_ROWS = 2_000;
const NULL = '\\N';

/** A row as COPY's text format reads it (tab-separated; the parser let only digits, signs, dots and e through). */
function copyLine(row: CandleCsvRow): string {
  const t = row.text;
  return `${new Date(row.at).toISOString()}\t${t.open}\t${t.high}\t${t.low}\t${t.close}\t${t.volume}\t${t.quoteVolume ?? NULL}\t${t.trades ?? NULL}\n`;
}

/**
 * Runs of stored minutes of the symbol that start in [from, to + 1 minute] (a minute starts a run when
 * the minute before it is not stored). An import changes run starts only inside its own range and the minute after
 * it, so the gaps follow from this count before and after the insert, without reading the rest.
 */
async function runStarts(client: Pick<PoolClient, 'query'>, exchange: string, symbol: string, from: string, to: string): Promise<number> {
  const { rows } = await client.query<{ runs: number }>(
    `SELECT count(*)::int AS runs FROM (
       SELECT minute, lag(minute) OVER (ORDER BY minute) AS before FROM candles
        WHERE exchange = $1 AND symbol = $2 AND minute BETWEEN $3::timestamptz - interval '1 minute' AND $4::timestamptz + interval '1 minute'
     ) s WHERE minute >= $3::timestamptz AND (before IS NULL OR before <> minute - interval '1 minute')`,
    [exchange, symbol, from, to],
  );
  return rows[0].runs;
}

/** Imports one file in one transaction; throws CandleFileError (naming the file and line) when it is refused. */
export async function importCandleFile(db: DataSource, file: CandleFile, hooks: CandleImportHooks = {}): Promise<CandleFileResult> {
  const { texts, close } = await candleTextsOf(file.path, file.name);
  const runner = db.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    await client.query('BEGIN');
    await stageCandles(client, file.exchange, file.symbol);
    const total = texts.reduce((sum, text) => sum + text.bytes, 0);
    let read = 0;
    let rows = 0;
    const copy = client.query(copyFrom('COPY candle_import_rows FROM STDIN'));
    const copied = once(copy, 'finish');
    // A COPY the server refused: surfaced by the next write or by `copied`.
    copied.catch(() => undefined);
    try {
      for (const text of texts) {
        const parser = new CandleCsvParser();
        const input = await text.open();
        input.on('data', (chunk: Buffer) => (read += chunk.length));
        const lines = createInterface({ input, crlfDelay: Infinity });
        let chunk: string[] = [];
        try {
          for await (const line of lines) {
            const row = parser.row(line);
            if (!row) continue;
            chunk.push(copyLine(row));
            rows += 1;
            if (chunk.length >= COPY_CHUNK_ROWS) {
              if (!copy.write(chunk.join(''))) await once(copy, 'drain');
              chunk = [];
            }
            if (rows % PROGRESS_EVERY_ROWS === 0) await hooks.onProgress?.(read, total);
          }
          parser.end();
        } catch (error) {
          input.destroy();
          if (error instanceof CandleCsvError) throw new CandleFileError(MARKET_DATA_MESSAGES.fileError(text.name, error.line, error.problem));
          throw error;
        }
        if (chunk.length && !copy.write(chunk.join(''))) await once(copy, 'drain');
      }
      copy.end();
      await copied;
    } catch (error) {
      // CopyFail: the server drops what this COPY sent; the transaction is rolled back below.
      if (!copy.writableFinished) await new Promise<void>((resolve) => copy.destroy(error as Error).once('close', () => resolve()));
      throw error;
    }
    const result = rows ? await storeStagedCandles(client, file.exchange, file.symbol) : { added: 0 };
    const answer = { rows, added: result.added };
    await hooks.beforeCommit?.(client, answer);
    await client.query('COMMIT');
    await hooks.onProgress?.(total, total);
    return answer;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    close();
    await runner.release();
  }
}

/**
 * Inside a transaction: the symbol's write lock (one writer of a symbol at a time, imports and downloads
 * alike, so coverage is counted from what the store holds at commit) and the temporary table the rows are
 * staged in before `storeStagedCandles`.
 */
export async function stageCandles(client: Pick<PoolClient, 'query'>, exchange: string, symbol: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('candle_imports'), hashtext($1 || '/' || $2))`, [exchange, symbol]);
  await client.query(
    `CREATE TEMP TABLE candle_import_rows (minute timestamptz NOT NULL, open numeric NOT NULL, high numeric NOT NULL, low numeric NOT NULL,
       close numeric NOT NULL, volume numeric NOT NULL, quote_volume numeric, trades integer) ON COMMIT DROP`,
  );
}

/**
 * From the temporary table into candles, with partitions for its months and the coverage brought up to
 * date: the one insert path of imports and downloads.
 */
export async function storeStagedCandles(client: Pick<PoolClient, 'query'>, exchange: string, symbol: string): Promise<{ added: number }> {
  const { rows: span } = await client.query<{ first: string; last: string }>(`SELECT min(minute)::text AS first, max(minute)::text AS last FROM candle_import_rows`);
  const { first, last } = span[0];
  await client.query(`SELECT ensure_month_partitions('candles'::regclass, $1::timestamptz, $2::timestamptz)`, [first, last]);
  const before = await runStarts(client, exchange, symbol, first, last);
  const inserted = await client.query(
    `INSERT INTO candles (exchange, symbol, minute, open, high, low, close, volume, quote_volume, trades)
     SELECT $1, $2, minute, open, high, low, close, volume, quote_volume, trades FROM candle_import_rows
     ON CONFLICT (exchange, symbol, minute) DO NOTHING`,
    [exchange, symbol],
  );
  const added = inserted.rowCount ?? 0;
  if (!added) return { added };
  const now = await runStarts(client, exchange, symbol, first, last);
  // Runs of stored minutes before: gaps + 1 (none for a symbol not stored yet); gaps = runs - 1 after.
  await client.query(
    `INSERT INTO candle_coverage (exchange, symbol, first_minute, last_minute, candles, gaps)
     VALUES ($1, $2, $3, $4, $5, $6 - 1)
     ON CONFLICT (exchange, symbol) DO UPDATE SET
       first_minute = least(candle_coverage.first_minute, excluded.first_minute),
       last_minute = greatest(candle_coverage.last_minute, excluded.last_minute),
       candles = candle_coverage.candles + excluded.candles,
       gaps = candle_coverage.gaps + $7,
       updated_at = now()`,
    [exchange, symbol, first, last, added, now - before, now - before],
  );
  return { added };
}
