/** Candle files as exchanges publish them, built in tests from CSV text: Binance kline rows and their zip archives. */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_PREFIX, MARKET_DATA_PATHS, type CandleImportAnswer } from '@console/contracts';
import { MarketModel } from '@console/engine';
import { ZipWriter } from '../exports/zip-writer';
import { waitUntil } from './fake-telegram';
import { auth } from './factories';
import type { TestContext } from './harness';

export const BINANCE_HEADER = 'open_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore';

/** `count` Binance kline rows from `startMs`, one a minute; open time in ms or µs (Binance's spot files from 2025). */
export function binanceRows(startMs: number, count: number, opts: { micro?: boolean } = {}): string[] {
  return Array.from({ length: count }, (_, i) => {
    const at = startMs + i * 60_000;
    const open = (42000 + i).toFixed(2);
    const close = (42000.5 + i).toFixed(2);
    const time = opts.micro ? `${at}000` : String(at);
    const closeTime = opts.micro ? `${at + 59_999}999` : String(at + 59_999);
    return `${time},${open},${(42001 + i).toFixed(2)},${(41999 + i).toFixed(2)},${close},1.50000000,${closeTime},63000.75,${100 + i},0.7,29400.1,0`;
  });
}

/** A zip of CSV entries, as Binance's archives hold their one CSV. */
export async function writeZip(path: string, entries: Record<string, string>): Promise<string> {
  const out = createWriteStream(path);
  const zip = new ZipWriter(out);
  for (const [name, text] of Object.entries(entries)) await zip.addFile(name, text);
  // Ends the file and waits for it to close.
  await zip.finish();
  return path;
}

export async function writeText(dir: string, name: string, lines: string[]): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, lines.join('\n') + '\n');
  return path;
}

/**
 * The model's minutes of `ticker` (seed `seed`) over [from, until) as generic CSV rows, prices times `scale`
 * so a reader of the model instead of the store could not trade within them; `skip`: a minute left out.
 */
export function modelCandleRows(ticker: string, from: number, until: number, opts: { seed: number; scale: number; skip?: number }): string[] {
  const block = new MarketModel(opts.seed).range(ticker, from, until);
  const price = (p: number) => (p * opts.scale).toFixed(2);
  const rows = ['timestamp,open,high,low,close,volume'];
  for (let i = 0; i < block.length; i++) {
    const c = block.candle(i);
    if (c.at !== opts.skip) rows.push(`${c.at},${price(c.open)},${price(c.high)},${price(c.low)},${price(c.close)},${c.volume.toFixed(4)}`);
  }
  return rows;
}

/** Imports CSV rows as an operator does, through the imports route, and waits for the worker to end the task. */
export async function importCandleRows(ctx: TestContext, token: string, file: { dir: string; exchange: string; symbol: string; rows: string[] }): Promise<CandleImportAnswer> {
  const upload = await ctx
    .http()
    .post(`${API_PREFIX}${MARKET_DATA_PATHS.imports}`)
    .set(...auth(token))
    .field('exchange', file.exchange)
    .field('symbol', file.symbol)
    .attach('files', await writeText(file.dir, `${file.symbol}.csv`, file.rows))
    .expect(202);
  let task!: CandleImportAnswer;
  await waitUntil(async () => {
    task = (await ctx.http().get(`${API_PREFIX}${MARKET_DATA_PATHS.importTask(upload.body.id)}`).set(...auth(token)).expect(200)).body;
    return task.status === 'SUCCESS' || task.status === 'FAILURE';
  }, 60_000);
  return task;
}
