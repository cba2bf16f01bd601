// Benchmark of the paper engine in real time at size: the demo's configuration (the API's `cli seed-demo`)
// grown to BENCH_PROFILES active strategy profiles (default 50, copies of the demo's two majors profiles,
// long and short) on one ticker config of BENCH_PAIRS pairs (default 30), MM limits raised so that every
// profile trades. The engine first trades BENCH_WARM_DAYS (default 2) in history mode, so signals are
// open as in a running system, then BENCH_MINUTES minutes (default 120) the way the live process does:
// one transaction per market minute, plus the 60 heartbeats and command polls the process makes in a
// minute. Prints the engine's CPU time per market minute and the share of one core that is in real time
// (a market minute lasts 60 s), the wall time per minute (which includes PostgreSQL's), and the load
// average before and after.
//
//   pnpm run build && node scripts/bench/engine-live.mjs
import { cpus } from 'node:os';
import { join } from 'node:path';
import { freshDemoDatabase, loadAverages, requireFromRoot, ROOT, settle, withClient } from './bench-db.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_engine_live';
const PROFILES = Number(process.env.BENCH_PROFILES ?? 50);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 30);
const WARM_DAYS = Number(process.env.BENCH_WARM_DAYS ?? 2);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 120);
const SEED = Number(process.env.ENGINE_SEED ?? 1);
const MINUTE_MS = 60_000;

const { url } = await freshDemoDatabase(DB);

// The demo grown to size: PAIRS pairs on one ticker config, PROFILES active profiles on it, every MM
// profile allowing a signal per profile and pair.
await withClient(url, async (db) => {
  await db.query('BEGIN');
  const { rows: pairs } = await db.query(`UPDATE pairs SET is_active = true WHERE id IN (SELECT id FROM pairs ORDER BY is_active DESC, id LIMIT $1) RETURNING id`, [PAIRS]);
  const { rows: [config] } = await db.query(`INSERT INTO ticker_configs (title, status) VALUES ('Bench pairs', 'active') RETURNING id`);
  await db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) SELECT $1, unnest($2::int[])`, [config.id, pairs.map((p) => p.id)]);
  await db.query(`UPDATE mm_profiles SET max_signals_amount = $1`, [PROFILES * PAIRS]);
  const { rows: columns } = await db.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'strategy_profiles' AND column_name NOT IN ('id', 'title', 'ticker_config_id') AND is_generated = 'NEVER'`,
  );
  const names = columns.map((c) => c.column_name).join(', ');
  await db.query(
    `INSERT INTO strategy_profiles (title, ticker_config_id, ${names})
     SELECT 'Bench ' || n, $1, ${names}
       FROM generate_series(1, $2::int) n
       JOIN strategy_profiles sp ON sp.title = CASE WHEN n % 2 = 1 THEN 'Trend majors long' ELSE 'Fade majors short' END`,
    [config.id, PROFILES],
  );
  await db.query(`UPDATE strategy_profiles SET status = 'inactive' WHERE title NOT LIKE 'Bench %' AND status = 'active'`);
  await db.query('COMMIT');
});

const { PaperEngine } = requireFromRoot(join(ROOT, 'apps/engine/dist/runtime/engine.js'));
const { createPool } = requireFromRoot(join(ROOT, 'apps/engine/dist/runtime/db.js'));
const pool = createPool(url);
const end = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - MINUTE_MS;
const liveFrom = end - MINUTES * MINUTE_MS;
const engine = await PaperEngine.open(pool, { seed: SEED, startAt: liveFrom - WARM_DAYS * 1440 * MINUTE_MS });
await engine.history(liveFrom);
const open = async () => Number((await pool.query(`SELECT count(*) FROM signals WHERE finished_at IS NULL`)).rows[0].count);
const openBefore = await open();

if (!(await settle())) console.log('  (the load average stayed at 0.5 or above: this run judges nothing)');
const loadBefore = loadAverages();
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let minute = liveFrom + MINUTE_MS; minute <= end; minute += MINUTE_MS) {
  // What the live process does in one market minute: its beats and command polls, then the minute.
  for (let second = 0; second < 60; second++) {
    await engine.heartbeat();
    await engine.commands();
  }
  await engine.advance(minute);
}
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const loadAfter = loadAverages();
const openAfter = await open();
const signals = Number((await pool.query(`SELECT count(*) FROM signals WHERE created_at > $1`, [new Date(liveFrom)])).rows[0].count);
await pool.end();

const cpuPerMinute = (cpu.user + cpu.system) / 1000 / MINUTES;
console.log(`\nengine live: ${PROFILES} active profiles on ${PAIRS} pairs (${PROFILES * PAIRS} profile × pair), ${MINUTES} market minutes after ${WARM_DAYS} days of history, seed ${SEED}`);
console.log(`  open signals ${openBefore} before, ${openAfter} after; ${signals} signals started in the timed minutes`);
console.log(`  engine CPU ${cpuPerMinute.toFixed(1)} ms per market minute = ${((100 * cpuPerMinute) / MINUTE_MS).toFixed(2)} % of one core in real time`);
console.log(`  wall ${(wall / MINUTES).toFixed(1)} ms per market minute (with PostgreSQL's share and the 60 beats and polls)`);
console.log(`  load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}; ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'})`);
