/**
 * `node dist/cli.js candles import FILE… --exchange … --symbol …` as an operator runs it (the built CLI,
 * so `pnpm run build` first), against a database of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKET_DATA_MESSAGES } from '@console/contracts';
import { BINANCE_HEADER, binanceRows, writeText, writeZip } from '../test/candle-files';
import { createTestDatabase } from '../test/harness';

const CLI = resolve(__dirname, '../../dist/cli.js');
const JAN = Date.UTC(2024, 0, 1);

describe('the CLI: candles import', () => {
  let database: { url: string; drop: () => Promise<void> };
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'candles-cli-'));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' });

  async function stored(): Promise<number> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return Number((await client.query(`SELECT count(*) AS n FROM candles WHERE exchange = 'binance' AND symbol = 'ETHUSDT'`)).rows[0].n);
    } finally {
      await client.end();
    }
  }

  it('loads a zip and a CSV, prints each file and the coverage; a refused file names its line and sets the exit code', async () => {
    const zip = await writeZip(join(dir, 'ETHUSDT-1m-2024-01.zip'), { 'ETHUSDT-1m-2024-01.csv': binanceRows(JAN, 30, { micro: true }).join('\n') });
    const csv = await writeText(dir, 'ETHUSDT-1m-2024-01-01.csv', [BINANCE_HEADER, ...binanceRows(JAN + 40 * 60_000, 10)]);
    const ok = run(['candles', 'import', zip, csv, '--exchange', 'binance', '--symbol', 'ETHUSDT']);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout.trim().split('\n')).toEqual([
      'ETHUSDT-1m-2024-01.zip: 30 rows, 30 new',
      'ETHUSDT-1m-2024-01-01.csv: 10 rows, 10 new',
      'binance ETHUSDT: 40 candles from 2024-01-01T00:00:00.000Z to 2024-01-01T00:49:00.000Z, 1 gaps',
    ]);

    const rows = binanceRows(JAN + 60 * 60_000, 4);
    rows[3] = rows[3].replace(/,1\.50000000,/, ',-1,');
    const bad = await writeText(dir, 'bad.csv', rows);
    const again = run(['candles', 'import', bad, zip, '--exchange', 'binance', '--symbol', 'ETHUSDT']);
    expect(again.status).toBe(1);
    expect(again.stdout.trim().split('\n')).toEqual([
      `${MARKET_DATA_MESSAGES.fileError('bad.csv', 4, 'volume must be a number of at least 0')} (nothing of this file was written)`,
      'ETHUSDT-1m-2024-01.zip: 30 rows, 0 new',
      'binance ETHUSDT: 40 candles from 2024-01-01T00:00:00.000Z to 2024-01-01T00:49:00.000Z, 1 gaps',
    ]);
    expect(await stored()).toBe(40);
  });

  it('refuses a call without files, exchange or a valid symbol', () => {
    const none = run(['candles', 'import', '--exchange', 'binance', '--symbol', 'ETHUSDT']);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain(MARKET_DATA_MESSAGES.noFiles);
    expect(run(['candles', 'import', 'x.csv', '--symbol', 'ETHUSDT']).stderr.trim()).toBe(MARKET_DATA_MESSAGES.exchangeRequired);
    expect(run(['candles', 'import', 'x.csv', '--exchange', 'binance', '--symbol', 'eth usdt']).stderr.trim()).toBe(MARKET_DATA_MESSAGES.symbolInvalid);
  });
});
