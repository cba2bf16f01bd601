// Benchmark of a candle import against the floor of a plain COPY of the same rows: writes a Binance
// kline CSV of BENCH_ROWS (1M) one-minute rows to a temp file, imports it with the API's own import code
// (apps/api/dist: the contracts' parser, COPY into a temporary table, INSERT … ON CONFLICT into the month
// partitions, the coverage bookkeeping) into a fresh, migrated database, then imports it again (every
// row already stored), and times psql's `\copy` of the same file into a plain table without an index.
// The bar: the import within twice the plain COPY. A second floor adds to that COPY the one INSERT
// into the store with its unique key, the part of the work a plain COPY leaves out. Each timed part waits
// for a quiet machine.
//
//   node scripts/bench/candles-import.mjs        (needs `pnpm run build`)
//   BENCH_ROWS=200000 node scripts/bench/candles-import.mjs;  BENCH_KEEP=1 keeps the database afterwards.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { ADMIN_URL, ROOT, dbUrl, loadAverages, migrateBench, requireFromRoot, settle, withClient } from './bench-db.mjs';

const dist = (path) => join(ROOT, 'apps/api/dist', path);
const DB = process.env.BENCH_DATABASE ?? 'console_bench_candles';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const START = Date.UTC(2023, 0, 1);

/** Binance's layout without a header, open time in µs as its spot files since 2025, prices near BTC's. */
async function writeKlines(file) {
  const out = createWriteStream(file);
  let price = 42_000;
  for (let i = 0; i < ROWS; i++) {
    const at = START + i * 60_000;
    const open = price;
    price = Math.max(1, price + ((i * 7919) % 21) - 10);
    const high = Math.max(open, price) + 1.5;
    const low = Math.min(open, price) - 1.5;
    const line = `${at}000,${open.toFixed(2)},${high.toFixed(2)},${low.toFixed(2)},${price.toFixed(2)},${(1 + (i % 97) / 10).toFixed(5)},${at + 59_999}999,${(price * 3.3).toFixed(4)},${100 + (i % 400)},0.5,21000.1,0\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
}

async function quietStart() {
  if (!(await settle(0.5, Number(process.env.BENCH_SETTLE_MS ?? 180_000)))) console.log(`the machine did not quiet down (load ${loadAverages()})`);
  return loadAverages();
}

async function importOnce(file) {
  const { createDataSource } = requireFromRoot(dist('common/database/data-source.js'));
  const { importCandleFile } = requireFromRoot(dist('market-data/candle-importer.js'));
  const ds = createDataSource(dbUrl(DB));
  await ds.initialize();
  try {
    const t0 = performance.now();
    const result = await importCandleFile(ds, { exchange: 'binance', symbol: 'BTCUSDT', path: file, name: 'BTCUSDT-1m.csv' });
    return { ...result, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await ds.destroy();
  }
}

function plainCopySeconds(file) {
  const sql = [
    'DROP TABLE IF EXISTS copy_floor',
    'CREATE TABLE copy_floor (open_time bigint, open numeric, high numeric, low numeric, close numeric, volume numeric, close_time bigint, quote_volume numeric, trades integer, taker_base numeric, taker_quote numeric, ignore numeric)',
  ].join('; ');
  const setUp = spawnSync('psql', [dbUrl(DB), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (setUp.status !== 0) throw new Error(`psql failed: ${setUp.stderr}`);
  const t0 = performance.now();
  const res = spawnSync('psql', [dbUrl(DB), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy copy_floor FROM '${file}' WITH (FORMAT csv)`], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql failed: ${res.stderr}`);
  return (performance.now() - t0) / 1000;
}

/**
 * The floor with the store's key: the same plain COPY, then one INSERT … ON CONFLICT DO NOTHING of its rows
 * into `candles` under another symbol (the partitions exist from the import): all the work left in
 * PostgreSQL when the parsing in JavaScript is taken away, the unique key's upkeep included.
 */
function keyedCopySeconds(file) {
  const t0 = performance.now();
  plainCopySeconds(file);
  const insert = `INSERT INTO candles (exchange, symbol, minute, open, high, low, close, volume, quote_volume, trades)
    SELECT 'binance', 'FLOORUSDT', to_timestamp(open_time / 1000000.0), open, high, low, close, volume, quote_volume, trades FROM copy_floor
    ON CONFLICT (exchange, symbol, minute) DO NOTHING`;
  const res = spawnSync('psql', [dbUrl(DB), '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', insert], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql failed: ${res.stderr}`);
  return (performance.now() - t0) / 1000;
}

async function main() {
  console.log(`${cpus().length} CPUs (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${ROWS.toLocaleString('en')} rows`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-candles-'));
  const file = join(dir, 'BTCUSDT-1m.csv');
  try {
    await writeKlines(file);
    console.log(`file: ${(statSync(file).size / 2 ** 20).toFixed(1)} MiB`);
    await withClient(ADMIN_URL, async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${DB}`);
    });
    await withClient(dbUrl(DB), (client) => migrateBench(client));

    console.log(`import: load average ${await quietStart()} before`);
    const first = await importOnce(file);
    console.log(`import: ${first.rows.toLocaleString('en')} rows, ${first.added.toLocaleString('en')} new, ${first.seconds.toFixed(1)} s (${Math.round(first.rows / first.seconds).toLocaleString('en')} rows/s); load average ${loadAverages()} after`);

    console.log(`re-import: load average ${await quietStart()} before`);
    const again = await importOnce(file);
    console.log(`re-import: ${again.rows.toLocaleString('en')} rows, ${again.added} new, ${again.seconds.toFixed(1)} s`);

    console.log(`plain COPY: load average ${await quietStart()} before`);
    const copy = plainCopySeconds(file);
    console.log(`plain COPY (psql \\copy into a table without index): ${copy.toFixed(1)} s; the import took ${(first.seconds / copy).toFixed(2)}× that`);

    console.log(`COPY and keyed INSERT: load average ${await quietStart()} before`);
    const keyed = keyedCopySeconds(file);
    console.log(`plain COPY, then INSERT … ON CONFLICT into candles: ${keyed.toFixed(1)} s; the import took ${(first.seconds / keyed).toFixed(2)}× that`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) await withClient(ADMIN_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
  }
}

await main();
