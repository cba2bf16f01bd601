// Benchmark of the signals and orders lists: fills a dedicated database with the trading-data generator
// (apps/api/src/demo/trading-data.ts) and times the SQL that GET signals/signals/ and GET orders/orders/
// run, per filter and sort: the bare page statement for the same rows and the whole request through HTTP on
// the built API, alternating run by run, after the machine has quieted down (load average under 0.5,
// printed before and after); then page 100 and the page at offset 1M through HTTP, typed by number and
// reached by the next link, beside a plain OFFSET. It imports the API's own list declarations
// (signals.list.ts, orders.list.ts) and query layer, so it measures what the services run.
//
//   node scripts/bench/signals.mjs            (needs `pnpm run build`)
//   BENCH_SIGNALS=1000000 BENCH_ORDERS_PER_SIGNAL=3 BENCH_RUNS=30 node scripts/bench/signals.mjs
//   BENCH_REUSE=1 keeps an already filled database (console_bench_signals) and only measures;
//   BENCH_DEEP_OFFSET (1,000,000), BENCH_SETTLE_MS (how long to wait for a quiet machine, 180,000).
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT, dbUrl, freshBenchDatabase, loadAverages, migrateBench, requireFromRoot, settle, withClient } from './bench-db.mjs';
import { latency, pairedLatency, startBenchApi } from './http.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_signals';
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 1_000_000);
const ORDERS_PER_SIGNAL = Number(process.env.BENCH_ORDERS_PER_SIGNAL ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DEEP_RUNS = Number(process.env.BENCH_DEEP_RUNS ?? 10);
const DEEP_OFFSET = Number(process.env.BENCH_DEEP_OFFSET ?? 1_000_000);
const SIZES = {
  accounts: 3,
  pairs: 300,
  tickerConfigs: 20,
  mmProfiles: 10,
  strategyProfiles: 40,
  signals: SIGNALS,
  ordersPerSignal: ORDERS_PER_SIGNAL,
  logsPerSignal: 0,
  lostPositions: 20,
  metricsDays: Number(process.env.BENCH_METRICS_DAYS ?? 90),
  depositTransactionsPerAccount: 10,
  riskTriggers: 14,
};

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

function layer() {
  const dist = join(ROOT, 'apps/api/dist');
  const { SIGNAL_LIST, signalListQuery } = requireFromRoot(join(dist, 'signals/signals.list.js'));
  const { ORDER_LIST } = requireFromRoot(join(dist, 'orders/orders.list.js'));
  const { queryListPage, whereOf, orderOf, setCursorSecret } = requireFromRoot(join(dist, 'common/list-query/list-query.js'));
  // The app seals its page cursors with a key from JWT_SECRET; any key does for the layer alone.
  setCursorSecret('bench: cursors sealed with a throwaway key');
  return { SIGNAL_LIST, signalListQuery, ORDER_LIST, queryListPage, whereOf, orderOf };
}

const queryable = (client) => ({ query: (sql, params) => client.query(sql, params).then((r) => r.rows) });

/** The page statement alone, as one would write it by hand (no count, no cursor columns). */
function rawSql(l, list, query, limit, offset) {
  const where = l.whereOf(list, query);
  const n = where.params.length;
  return { text: `SELECT ${list.columns} FROM ${list.from} ${where.text} ${l.orderOf(list, query.ordering)} LIMIT $${n + 1} OFFSET $${n + 2}`, params: [...where.params, limit, offset] };
}

async function main() {
  await freshBenchDatabase(DB, async (client) => {
    await migrateBench(client);
    console.log(`migrated; generating ${SIGNALS.toLocaleString('en')} signals × ${ORDERS_PER_SIGNAL} orders…`);
    const t0 = performance.now();
    const { generateTradingData } = requireFromRoot(join(ROOT, 'apps/api/dist/demo/trading-data.js'));
    await generateTradingData(client, SIZES);
    await client.query(`VACUUM ANALYZE signals`);
    await client.query(`VACUUM ANALYZE orders`);
    await client.query(`VACUUM ANALYZE positions`);
    console.log(`  filled and analysed in ${seconds(t0)} s`);
  });

  await withClient(dbUrl(DB), async (client) => {
    // As the API's connections run (NO_JIT in data-source.ts), so both sides of a comparison plan alike.
    await client.query('SET jit = off');
    const l = layer();
    const db = queryable(client);
    const [{ version }] = (await client.query(`SELECT current_setting('server_version') AS version`)).rows;
    const [{ signals, orders }] = (await client.query(`SELECT (SELECT count(*) FROM signals)::int AS signals, (SELECT count(*) FROM orders)::int AS orders`)).rows;
    const profiles = (await client.query(`SELECT id FROM strategy_profiles WHERE status <> 'draft' ORDER BY id`)).rows.map((r) => r.id);
    const pairs = (await client.query(`SELECT DISTINCT pair_id AS id FROM signals WHERE id > (SELECT max(id) - 5000 FROM signals) ORDER BY 1`)).rows.map((r) => r.id);
    const [{ mid }] = (await client.query(`SELECT (min(created_at) + (max(created_at) - min(created_at)) / 2) AS mid FROM signals`)).rows;
    const week = { created_at_after: new Date(mid.getTime() - 3.5 * 86400_000).toISOString(), created_at_before: new Date(mid.getTime() + 3.5 * 86400_000).toISOString() };
    const profile = (i) => profiles[i % profiles.length];
    const pair = (i) => pairs[i % pairs.length];
    const midSignal = Math.floor(signals / 2);

    const lists = [
      {
        name: 'signals',
        list: l.SIGNAL_LIST,
        path: 'signals/signals/',
        pageSize: 200,
        prepare: l.signalListQuery,
        cases: [
          ['default (missed left out)', () => ({})],
          ['show_missed', () => ({ show_missed: true })],
          ['ordering=created_at (oldest first)', () => ({ ordering: 'created_at' })],
          ['status=finished (55%)', () => ({ status: 'finished' })],
          ['status=active (~1.6%)', () => ({ status: 'active' })],
          ['status=in_queue (~0.4%)', () => ({ status: 'in_queue' })],
          ['show_unfilled', () => ({ show_unfilled: true })],
          ['profile', (i) => ({ profile: profile(i) })],
          ['pair', (i) => ({ pair: pair(i) })],
          ['profile + status=active', (i) => ({ profile: profile(i), status: 'active' })],
          ['pair + status=missed', (i) => ({ pair: pair(i), status: 'missed' })],
          ['profile + pair', (i) => ({ profile: profile(i), pair: pair(i) })],
          ['a week mid-history', () => week],
          ['profile + a week', (i) => ({ profile: profile(i), ...week })],
        ],
      },
      {
        name: 'orders',
        list: l.ORDER_LIST,
        path: 'orders/orders/',
        pageSize: 100,
        prepare: (q) => q,
        cases: [
          ['unfiltered', () => ({})],
          ['status=PLACED (~1%)', () => ({ status: 'PLACED' })],
          ['status=FILLED', () => ({ status: 'FILLED' })],
          ['profile', (i) => ({ profile: profile(i) })],
          ['pair', (i) => ({ pair: pair(i) })],
          ['profile + status=PLACED', (i) => ({ profile: profile(i), status: 'PLACED' })],
          ['profile + pair', (i) => ({ profile: profile(i), pair: pair(i) })],
          ['signal (3 rows)', (i) => ({ signal: midSignal + i })],
          ['a week mid-history', () => week],
        ],
      },
    ];

    const api = await startBenchApi({ database: DB, fresh: false });
    const get = async (pathAndQuery) => {
      const res = await fetch(`${api.url}/${pathAndQuery}`, { headers: { authorization: `Bearer ${api.accessToken}` } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`GET ${pathAndQuery} answered ${res.status}`);
      return body;
    };
    const queryString = (filters, extra) => new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, String(v)])), ...extra });
    // The API's links name its public URL; the bench asks its own address for the same path and query.
    const relative = (link) => {
      const url = new URL(link);
      return url.pathname.replace(/^.*?\/api\/v2\//, '') + url.search;
    };

    const results = [];
    const deep = [];
    try {
      if (!(await settle(0.5, Number(process.env.BENCH_SETTLE_MS ?? 180_000)))) console.log(`the machine did not quiet down (load ${loadAverages()}): figures below judge nothing`);
      const loadBefore = loadAverages();
      console.log(`load average before the timed part: ${loadBefore}`);
      for (const { name: listName, list, path, pageSize, prepare, cases } of lists) {
        for (const [name, filters] of cases) {
          // One run per comparison: the bare SQL and the request through HTTP alternate, run by run.
          const { a: raw, b: http } = await pairedLatency(
            RUNS,
            (i) => {
              const sql = rawSql(l, list, prepare(filters(i)), pageSize + 1, 0);
              return client.query(sql.text, sql.params);
            },
            (i) => get(`${path}?${queryString(filters(i), { page_size: String(pageSize) })}`),
          );
          const page = await latency(RUNS, (i) => l.queryListPage(db, list, { ...prepare(filters(i)), page_size: pageSize }));
          const sql = rawSql(l, list, prepare(filters(0)), pageSize + 1, 0);
          const plan = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.params)).rows[0]['QUERY PLAN'][0];
          const index = JSON.stringify(plan.Plan).match(/"Index Name":"([^"]+)"/g)?.map((m) => m.slice(14, -1)).filter((n) => !n.endsWith('_pkey')) ?? [];
          results.push({ list: listName, name, raw, http, page, explain: plan['Execution Time'], index: [...new Set(index)].join(', ') || 'seq' });
          console.log(`  ${listName} ${name}: page SQL p95 ${raw.p95.toFixed(1)} ms, HTTP p95 ${http.p95.toFixed(1)} ms (EXPLAIN ${plan['Execution Time'].toFixed(1)} ms, ${results.at(-1).index})`);
        }
      }

      // Deep pages of the default lists: page 100, and the page at offset 1,000,000, typed by number and
      // reached by the previous page's next link, each beside a plain OFFSET of the same rows.
      for (const { name, list, path, pageSize, prepare } of lists) {
        for (const page of [100, Math.floor(DEEP_OFFSET / pageSize) + 1]) {
          const offset = (page - 1) * pageSize;
          if (offset >= (name === 'signals' ? signals : orders)) continue;
          const sql = rawSql(l, list, prepare({}), pageSize + 1, offset);
          const plainSql = () => client.query(sql.text, sql.params);
          const byNumber = await pairedLatency(DEEP_RUNS, plainSql, () => get(`${path}?${queryString({}, { page: String(page), page_size: String(pageSize) })}`));
          const previous = await get(`${path}?${queryString({}, { page: String(page - 1), page_size: String(pageSize) })}`);
          const byLink = await pairedLatency(DEEP_RUNS, plainSql, () => get(relative(previous.next)));
          deep.push({ name, page, offset, byNumber: byNumber.b, byLink: byLink.b, plain: byNumber.a });
          console.log(`  ${name} page ${page}: by number p95 ${byNumber.b.p95.toFixed(1)} ms, by next link ${byLink.b.p95.toFixed(1)} ms, plain OFFSET p95 ${byNumber.a.p95.toFixed(1)} ms`);
        }
      }
      console.log(`load average before: ${loadBefore}; after: ${loadAverages()}`);
    } finally {
      await api.stop();
    }

    const cpu = cpus();
    const ms = (v) => `${v.toFixed(1)} ms`;
    // A first page's aim: p95 at most 50 ms, and at most 3x its SQL (or SQL + 5 ms where the SQL is under 2 ms).
    const meetsAim = (r) => r.http.p95 <= 50 && (r.raw.p95 < 2 ? r.http.p95 <= r.raw.p95 + 5 : r.http.p95 <= 3 * r.raw.p95);
    console.log(`\nPostgreSQL ${version}, ${signals.toLocaleString('en')} signals, ${orders.toLocaleString('en')} orders, ${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${new Date().toISOString().slice(0, 10)}`);
    console.log(`${RUNS} runs each (deep pages ${DEEP_RUNS}), 3 warm-up runs before each; SQL and HTTP alternate run by run\n`);
    console.log('| List | Filter | index | page SQL p95 | EXPLAIN ANALYZE | list page + count p95 | HTTP p50 | HTTP p95 | HTTP / SQL p95 | aim |');
    console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of results) {
      console.log(`| ${r.list} | ${r.name} | ${r.index} | ${ms(r.raw.p95)} | ${ms(r.explain)} | ${ms(r.page.p95)} | ${ms(r.http.p50)} | ${ms(r.http.p95)} | ${(r.http.p95 / r.raw.p95).toFixed(1)}x | ${meetsAim(r) ? 'met' : 'missed'} |`);
    }
    console.log('\n| Deep page (HTTP) | page | offset | by number p50 | p95 | by the next link p50 | p95 | plain OFFSET SQL p95 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const d of deep) {
      console.log(`| ${d.name} | ${d.page.toLocaleString('en')} | ${d.offset.toLocaleString('en')} | ${ms(d.byNumber.p50)} | ${ms(d.byNumber.p95)} | ${ms(d.byLink.p50)} | ${ms(d.byLink.p95)} | ${ms(d.plain.p95)} |`);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
