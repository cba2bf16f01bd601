// Benchmark of the paper engine's history mode: a fresh database with the demo's groups, pairs, account
// and trading configuration (the API's `cli migrate` and `cli seed-demo`, as `npm start -- --demo` makes
// them), then BENCH_DAYS days (default 90) up to the last whole minute traded in history mode, timed.
// Prints minutes per second, times real time, the rows written per table, and the load average before
// and after (the machine is shared: a figure means little without it).
//
//   pnpm run build && node scripts/bench/engine-history.mjs
//   BENCH_DAYS=30 BENCH_BATCH_MINUTES=1440 ENGINE_SEED=1 BENCH_END=2026-12-01T00:00Z node scripts/bench/engine-history.mjs
import { cpus } from 'node:os';
import { join } from 'node:path';
import { freshDemoDatabase, loadAverages, requireFromRoot, ROOT } from './bench-db.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_engine_history';
const DAYS = Number(process.env.BENCH_DAYS ?? 90);
const BATCH_MINUTES = Number(process.env.BENCH_BATCH_MINUTES ?? 1440);
const SEED = Number(process.env.ENGINE_SEED ?? 1);
const MINUTE_MS = 60_000;
const TABLES = ['signals', 'orders', 'positions', 'logs', 'account_metrics', 'notifications'];

const { url, seeded } = await freshDemoDatabase(DB);
console.log(seeded);

const { PaperEngine } = requireFromRoot(join(ROOT, 'apps/engine/dist/runtime/engine.js'));
const { createPool } = requireFromRoot(join(ROOT, 'apps/engine/dist/runtime/db.js'));
const pool = createPool(url);
// BENCH_END (a time) fixes the period's end, so two builds can be compared on the same minutes.
const end = process.env.BENCH_END ? Math.floor(Date.parse(process.env.BENCH_END) / MINUTE_MS) * MINUTE_MS : Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
const engine = await PaperEngine.open(pool, { seed: SEED, startAt: end - DAYS * 1440 * MINUTE_MS + MINUTE_MS });

const loadBefore = loadAverages();
const t0 = performance.now();
const progress = await engine.history(end, { batchMinutes: BATCH_MINUTES });
const seconds = (performance.now() - t0) / 1000;
const loadAfter = loadAverages();

const rows = {};
for (const t of TABLES) rows[t] = Number((await pool.query(`SELECT count(*) FROM ${t}`)).rows[0].count);
const [shape] = (
  await pool.query(
    `SELECT count(*) FILTER (WHERE state = 'closed' AND r_pnl > 0)::int AS won, count(*) FILTER (WHERE state = 'closed' AND r_pnl <= 0)::int AS lost,
            count(*) FILTER (WHERE state = 'open')::int AS open FROM positions`,
  )
).rows;
await pool.end();

console.log(`\nengine history: ${DAYS} days (${progress.minutes} minutes) in ${seconds.toFixed(1)} s, ${BATCH_MINUTES} minutes per transaction, seed ${SEED}`);
console.log(`  ${Math.round(progress.minutes / seconds)} minutes/s, ${Math.round((progress.minutes * 60) / seconds).toLocaleString('en')}x real time`);
console.log(`  rows: ${TABLES.map((t) => `${t} ${rows[t]}`).join(', ')}`);
console.log(`  positions: ${shape.won} won, ${shape.lost} lost, ${shape.open} open`);
console.log(`  load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}; ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'})`);
