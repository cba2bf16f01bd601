// Benchmark of the xlsx export of the signals list: fills a dedicated database with the trading data
// generator (1M signals by default), then runs the worker's own export code (apps/api/dist: the signals
// export source over SIGNAL_LIST, the list-query layer's cursor, the xlsx writer) in a child process of its
// own, started with the worker's V8 flags, and prints the time, the rows, the file's size and the child's
// peak RSS. The file is written to a temp directory and deleted. Then the floor: the same statement's rows
// streamed by psql to /dev/null, as a plain SELECT (through a cursor, FETCH_COUNT) and as COPY.
//
//   node scripts/bench/exports.mjs            (needs `pnpm run build`)
//   BENCH_SIGNALS=1000000 BENCH_BATCH_SIZE=500 BENCH_RUNS=2 node scripts/bench/exports.mjs
//   BENCH_REUSE=1 keeps an already filled database and only measures; BENCH_KEEP=1 keeps it afterwards.
//   BENCH_NODE_FLAGS='--max-semi-space-size=16' runs the child with those V8 flags instead of the worker's.
//   BENCH_LEVEL=6 deflates at that level instead of the writer's default.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_URL, ROOT, dbUrl, loadAverages, migrateBench, requireFromRoot, settle, withClient } from './bench-db.mjs';

const dist = (path) => join(ROOT, 'apps/api/dist', path);
const DB = process.env.BENCH_DATABASE ?? 'console_bench_exports';
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 1_000_000);
/** The worker's default (EXPORT_BATCH_SIZE). */
const BATCH_SIZE = Number(process.env.BENCH_BATCH_SIZE ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
/** The zip's deflate level; unset: the writer's default. */
const LEVEL = process.env.BENCH_LEVEL === undefined ? undefined : Number(process.env.BENCH_LEVEL);
const NODE_FLAGS = process.env.BENCH_NODE_FLAGS === undefined ? [...requireFromRoot(dist('node-flags.js')).SERVICE_NODE_FLAGS] : process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean);

/** The child: one export of every signal the list shows by default, as a Full user asks it. */
async function exportOnce(file) {
  const pg = requireFromRoot('pg');
  const { writeListXlsx } = requireFromRoot(dist('exports/xlsx-writer.js'));
  const { SIGNALS_EXPORT } = requireFromRoot(dist('exports/sources/signals.export.js'));
  const client = new pg.Client({ connectionString: dbUrl(DB) });
  await client.connect();
  const db = { query: (sql, params) => client.query(sql, params).then((r) => r.rows) };
  const perm = { section_name: 'signals', status: 'Full', fields: [], filtering: true, sorting: true, is_only_finished: false, signals_count: 200 };
  const t0 = performance.now();
  // The worker's run: one read-only transaction, in which the rows' cursor lives.
  await client.query('BEGIN READ ONLY');
  const rows = await writeListXlsx(db, SIGNALS_EXPORT, {}, perm, file, {
    batchSize: BATCH_SIZE,
    progressEvery: 20,
    onProgress: async () => {},
    level: LEVEL,
    // As the worker reads them: rows as arrays on the cursor's connection.
    fetchArrays: (sql) => client.query({ text: sql, rowMode: 'array' }),
  });
  await client.query('COMMIT');
  const ms = performance.now() - t0;
  await client.end();
  const usage = process.resourceUsage();
  console.log(JSON.stringify({ rows, ms, maxRssKb: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
}

/** The export's statement as one SELECT (the list's columns, joins, filters and order), for psql. */
function exportStatement() {
  const { whereOf, orderOf } = requireFromRoot(dist('common/list-query/list-query.js'));
  const { SIGNALS_EXPORT } = requireFromRoot(dist('exports/sources/signals.export.js'));
  const query = SIGNALS_EXPORT.query({});
  const where = whereOf(SIGNALS_EXPORT.list, query, []);
  if (where.params.length) throw new Error('the floor statement takes no parameters');
  return `SELECT ${SIGNALS_EXPORT.list.columns} FROM ${SIGNALS_EXPORT.list.from} ${where.text} ${orderOf(SIGNALS_EXPORT.list, query.ordering)}`;
}

/** Seconds psql takes to stream the statement's rows to /dev/null. */
function psqlSeconds(args) {
  const t0 = performance.now();
  const res = spawnSync('psql', [dbUrl(DB), '-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql failed: ${res.stderr}`);
  return (performance.now() - t0) / 1000;
}

function floor() {
  const sql = exportStatement().replace(/\s+/g, ' ');
  const select = psqlSeconds(['-A', '-t', '-v', 'FETCH_COUNT=10000', '-c', sql]);
  const load1 = loadavg().map((l) => l.toFixed(2)).join(' ');
  const copy = psqlSeconds(['-c', `COPY (${sql}) TO STDOUT`]);
  console.log(`floor: load average ${load1}; plain SELECT (FETCH_COUNT 10000) to /dev/null ${select.toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; COPY to /dev/null ${copy.toFixed(1)} s`);
}

async function fill() {
  const { generateTradingData, DEMO_TRADING_SIZES } = requireFromRoot(dist('demo/trading-data.js'));
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB}`);
  });
  await withClient(dbUrl(DB), async (client) => {
    await migrateBench(client);
    const t0 = performance.now();
    await generateTradingData(client, { ...DEMO_TRADING_SIZES, pairs: 50, strategyProfiles: 20, signals: SIGNALS, ordersPerSignal: 2, logsPerSignal: 0, metricsDays: 7 });
    await client.query('VACUUM ANALYZE');
    console.log(`filled ${SIGNALS.toLocaleString('en')} signals in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  });
}

/**
 * Waits until the machine is quiet (the fill's work, the run before, anything else) before a timed part,
 * so every run starts below a load average of 0.5: a loaded machine judges nothing. Answers the load.
 */
async function quietStart() {
  if (!(await settle(0.5, Number(process.env.BENCH_SETTLE_MS ?? 180_000)))) console.log(`the machine did not quiet down (load ${loadAverages()})`);
  return loadAverages();
}

async function main() {
  console.log(`${cpus().length} CPUs (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, batch ${BATCH_SIZE}, deflate level ${LEVEL ?? 'default'}, node flags '${NODE_FLAGS.join(' ')}'`);
  if (!process.env.BENCH_REUSE) await fill();
  const dir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`run ${run}: load average ${await quietStart()} before`);
      const file = join(dir, `signals-${run}.xlsx`);
      const child = spawnSync(process.execPath, [...NODE_FLAGS, fileURLToPath(import.meta.url), '--child', file], { encoding: 'utf8', env: process.env });
      if (child.status !== 0) throw new Error(child.stderr || `export child exited with ${child.status}`);
      const { rows, ms, maxRssKb, cpuMs } = JSON.parse(child.stdout.trim().split('\n').at(-1));
      const mb = (n) => (n / 2 ** 20).toFixed(1);
      console.log(`run ${run}: load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} after; ${rows.toLocaleString('en')} rows in ${(ms / 1000).toFixed(1)} s (${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s), file ${mb(statSync(file).size)} MiB, peak RSS ${mb(maxRssKb * 1024)} MiB, CPU ${(cpuMs / 1000).toFixed(1)} s (all threads of the child)`);
      rmSync(file);
    }
    if (!process.env.BENCH_NO_FLOOR) {
      await quietStart();
      floor();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) await withClient(ADMIN_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
  }
}

if (process.argv[2] === '--child') await exportOnce(process.argv[3]);
else await main();
