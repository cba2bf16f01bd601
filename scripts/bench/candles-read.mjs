// Benchmark of reading stored candles at a higher time frame: a month (January 2024) of 1m candles of one
// symbol, read as 1h bars through HTTP (GET market-data/candles/, the built API as production runs it)
// beside the same aggregation run straight on PostgreSQL (the API's own readCandles from apps/api/dist,
// so the SQL is the route's). A read is capped at 400 bars and a month is 744 hours, so the month is read
// as its two halves (372 bars each), HTTP and SQL alternating read by read. Waits for a quiet machine.
//
//   node scripts/bench/candles-read.mjs        (needs `pnpm run build`)
//   BENCH_RUNS=50 (reads of each half per way), BENCH_PORT, BENCH_SETTLE_MS
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadAverages, settle } from './bench-db.mjs';
import { machine, pairedLatency, startBenchApi } from './http.mjs';
import { ROOT } from '../lib/toolchain.mjs';

const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const pg = requireFromRoot('pg');
const { readCandles } = requireFromRoot(join(ROOT, 'apps/api/dist/market-data/candle-bars.js'));

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const MONTH = Date.UTC(2024, 0, 1);
const HALF = 372 * 3_600_000;
const HALVES = [
  [new Date(MONTH), new Date(MONTH + HALF - 60_000)],
  [new Date(MONTH + HALF), new Date(MONTH + 2 * HALF - 60_000)],
];

async function main() {
  console.log(machine());
  const api = await startBenchApi({ database: 'console_bench_candles_read' });
  const client = new pg.Client({ connectionString: api.databaseUrl });
  await client.connect();
  try {
    await client.query(`SELECT ensure_month_partitions('candles', $1::timestamptz, $1::timestamptz)`, [HALVES[0][0].toISOString()]);
    const { rowCount } = await client.query(
      `INSERT INTO candles (exchange, symbol, minute, open, high, low, close, volume)
       SELECT 'binance', 'BTCUSDT', m, 42000 + i % 97, 42010 + i % 89, 41990 - i % 83, 42000 + i % 101, 1 + (i % 13) / 10.0
         FROM generate_series(0, 31 * 1440 - 1) i, LATERAL (SELECT $1::timestamptz + i * interval '1 minute' AS m) t`,
      [HALVES[0][0].toISOString()],
    );
    await client.query('ANALYZE candles');
    console.log(`${rowCount.toLocaleString('en')} minutes stored`);
    const db = { query: (sql, params) => client.query(sql, params).then((r) => r.rows) };
    const viaHttp = async (i) => {
      const [from, to] = HALVES[i % 2];
      const query = new URLSearchParams({ exchange: 'binance', symbol: 'BTCUSDT', timeframe: '1h', from: from.toISOString(), to: to.toISOString() });
      const res = await fetch(`${api.url}/market-data/candles/?${query}`, { headers: { authorization: `Bearer ${api.accessToken}` } });
      const bars = await res.json();
      if (res.status !== 200 || bars.length !== 372) throw new Error(`HTTP ${res.status}: ${JSON.stringify(bars).slice(0, 200)}`);
    };
    const viaSql = async (i) => {
      const [from, to] = HALVES[i % 2];
      const bars = await readCandles(db, { exchange: 'binance', symbol: 'BTCUSDT', timeframe: '1h', from, to });
      if (bars.length !== 372) throw new Error(`SQL answered ${bars.length} bars`);
    };
    if (!(await settle(0.5, Number(process.env.BENCH_SETTLE_MS ?? 180_000)))) console.log(`the machine did not quiet down (load ${loadAverages()})`);
    const { a, b } = await pairedLatency(RUNS, viaHttp, viaSql);
    console.log(`half a month (372 × 1h bars from 22,320 minutes), ${RUNS} reads each, load ${loadAverages()}`);
    console.log(`  HTTP  p50 ${a.p50.toFixed(1)} ms  p95 ${a.p95.toFixed(1)} ms   (the month: about ${(2 * a.p50).toFixed(1)} ms)`);
    console.log(`  SQL   p50 ${b.p50.toFixed(1)} ms  p95 ${b.p95.toFixed(1)} ms   (the month: about ${(2 * b.p50).toFixed(1)} ms)`);
  } finally {
    await client.end();
    await api.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
