/** Candle files as exchanges publish them, built in tests from CSV text: Binance kline rows and their zip archives. */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ZipWriter } from '../exports/zip-writer';

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
