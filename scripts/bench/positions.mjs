// Benchmark of position administration: a database filled by the trading-data generator until about
// 500 positions are open (BENCH_SIGNALS, default 40,000 signals; 4 accounts with 30 days of minute
// metrics), then, one request at a time, p50/p95 of GET position-administration/ (default page of 100 and
// a page of 500) and GET position-administration/account-info/ through HTTP, beside the SQL each runs
// (the API's own list declaration and repository statement on a plain pg client).
//
//   node scripts/bench/positions.mjs        (needs `pnpm run build`)
//   BENCH_SIGNALS=40000 BENCH_RUNS=100 BENCH_PORT=3991 node scripts/bench/positions.mjs
import { join } from 'node:path';
import { cli } from '../lib/app.mjs';
import { requireFromRoot, ROOT, withClient } from './bench-db.mjs';
import { latency, machine, startBenchApi } from './http.mjs';

const DB = 'console_bench_positions';
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 40_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const AIM_P95_MS = 50;

const api = await startBenchApi({ database: DB, port: Number(process.env.BENCH_PORT ?? 3991) });
try {
  const t0 = performance.now();
  cli({ DATABASE_URL: api.databaseUrl }, ['trading-data', '--signals', String(SIGNALS), '--accounts', '4', '--metrics-days', '30', '--logs-per-signal', '1', '--orders-per-signal', '2']);
  console.log(`trading data (${SIGNALS.toLocaleString('en')} signals) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const dist = join(ROOT, 'apps/api/dist');
  const { POSITION_LIST } = requireFromRoot(join(dist, 'positions/positions.list.js'));
  const { PositionsRepository } = requireFromRoot(join(dist, 'positions/positions.repository.js'));
  const { queryListPage, setCursorSecret } = requireFromRoot(join(dist, 'common/list-query/list-query.js'));
  // The app seals its page cursors with a key from JWT_SECRET; any key does for the layer alone.
  setCursorSecret('bench: cursors sealed with a throwaway key');
  const repository = new PositionsRepository();

  const rows = [];
  await withClient(api.databaseUrl, async (client) => {
    const db = { query: (sql, params) => client.query(sql, params).then((r) => r.rows) };
    const [{ open, metrics }] = await db.query(`SELECT (SELECT count(*) FROM positions WHERE closed_at IS NULL)::int AS open, (SELECT count(*) FROM account_metrics)::int AS metrics`);
    console.log(`${open} positions not closed, ${metrics.toLocaleString('en')} metrics rows`);
    // The service's two statements: the page (with its count), then the page's profile lists.
    const page = async (pageSize) => repository.withProfileLists(db, (await queryListPage(db, POSITION_LIST, { page_size: pageSize })).rows);
    for (const pageSize of [100, 500]) rows.push([`SQL: positions page of ${pageSize}`, await latency(RUNS, () => page(pageSize))]);
    rows.push(['SQL: newest metrics per account', await latency(RUNS, () => repository.newestMetrics(db))]);
  });
  const get = (path) => async () => {
    const res = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${api.accessToken}` } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  rows.push(['HTTP: GET position-administration/', await latency(RUNS, get('/position-administration/'))]);
  rows.push(['HTTP: GET position-administration/?page_size=500', await latency(RUNS, get('/position-administration/?page_size=500'))]);
  rows.push(['HTTP: GET position-administration/account-info/', await latency(RUNS, get('/position-administration/account-info/'))]);

  console.log(`\n${machine()}; ${RUNS} requests each, one at a time; aim p95 ≤ ${AIM_P95_MS} ms\n`);
  console.log('| What | p50 ms | p95 ms |\n|---|---:|---:|');
  for (const [name, { p50, p95 }] of rows) console.log(`| ${name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
} finally {
  await api.stop();
}
