/**
 * `candles import FILE… --exchange binance --symbol BTCUSDT`: the same import as the console's, file by
 * file in the foreground (no task row, no worker). Each file is one transaction; a refused file is named
 * with its line and the next one still loads; the exit code is 1 when any file was refused.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { MARKET_DATA_LIMITS, MARKET_DATA_MESSAGES } from '@console/contracts';
import { CandleFileError } from './candle-files';
import { importCandleFile } from './candle-importer';
import { CandleImportsRepository } from './candle-imports.repository';

export const CANDLES_USAGE = 'candles import FILE… --exchange EXCHANGE --symbol SYMBOL';

export interface CandlesCommand {
  exchange: string;
  symbol: string;
  files: string[];
}

/** The command's arguments, or an Error naming what is wrong. */
export function candlesCommandOf(args: string[]): CandlesCommand {
  const [sub, ...rest] = args;
  if (sub !== 'import') throw new Error(`Usage: ${CANDLES_USAGE}`);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { exchange: { type: 'string' }, symbol: { type: 'string' } } });
  const exchange = values.exchange?.trim() ?? '';
  const symbol = values.symbol?.trim() ?? '';
  if (!positionals.length) throw new Error(`${MARKET_DATA_MESSAGES.noFiles} Usage: ${CANDLES_USAGE}`);
  if (!exchange) throw new Error(MARKET_DATA_MESSAGES.exchangeRequired);
  if (!MARKET_DATA_LIMITS.exchangePattern.test(exchange)) throw new Error(MARKET_DATA_MESSAGES.exchangeInvalid);
  if (!symbol) throw new Error(MARKET_DATA_MESSAGES.symbolRequired);
  if (!MARKET_DATA_LIMITS.symbolPattern.test(symbol)) throw new Error(MARKET_DATA_MESSAGES.symbolInvalid);
  return { exchange, symbol, files: positionals };
}

/** Imports the files; answers whether every one loaded. */
export async function runCandlesImport(db: DataSource, command: CandlesCommand, out: (line: string) => void): Promise<boolean> {
  let allLoaded = true;
  for (const path of command.files) {
    const name = basename(path);
    try {
      const { rows, added } = await importCandleFile(db, { exchange: command.exchange, symbol: command.symbol, path, name });
      out(`${name}: ${rows} rows, ${added} new`);
    } catch (error) {
      allLoaded = false;
      if (error instanceof CandleFileError) out(`${error.message} (nothing of this file was written)`);
      else out(`${name}: ${(error as Error).message}`);
    }
  }
  const [coverage] = await new CandleImportsRepository().coverage(db, { exchange: command.exchange, symbol: command.symbol });
  if (coverage) out(`${command.exchange} ${command.symbol}: ${coverage.candles} candles from ${coverage.first_minute} to ${coverage.last_minute}, ${coverage.gaps} gaps`);
  return allLoaded;
}
