// Benchmark of the lists at full size: fills a dedicated database with the trading-data generator
// (apps/api/src/demo/trading-data.ts) and times, per filter and sort, the first page of the signals,
// orders, positions (open and lost), logs, profiles stats and account stats lists, and every for-filters
// lookup: the bare page statement for the same rows and the whole request through HTTP on the built API,
// alternating run by run, after the machine has quieted down (load average under 0.5, printed before and
// after); then, for every filter and sort whose rows reach them, page 100 and the page at offset 1M through
// HTTP, typed by number and reached by the next link, beside a plain OFFSET. It imports the API's own list
// declarations and query layer, so it measures what the services run.
//
//   node scripts/bench/lists.mjs            (needs `pnpm run build`)
//   BENCH_SIGNALS=10000000 BENCH_ORDERS_PER_SIGNAL=3 BENCH_LOGS_PER_SIGNAL=1 BENCH_RUNS=30 node scripts/bench/lists.mjs
//   BENCH_DEEP_RUNS (10) and BENCH_DEEP_SQL_RUNS (3, the plain OFFSET's: seconds each at 1M rows);
//   BENCH_NO_FIRST=1 measures the deep pages alone, BENCH_NO_DEEP=1 the first pages alone;
//   BENCH_REUSE=1 keeps an already filled database (console_bench_lists, BENCH_DATABASE) and only measures;
//   BENCH_FILL_ONLY=1 fills it and stops (the fill is long: measure later, on a quiet machine, with BENCH_REUSE);
//   BENCH_ONLY=logs,positions measures those lists alone; BENCH_DEEP_OFFSET (1,000,000), BENCH_SETTLE_MS
//   (how long to wait for a quiet machine, 180,000).
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT, dbUrl, freshBenchDatabase, loadAverages, migrateBench, requireFromRoot, settle, withClient } from './bench-db.mjs';
import { latency, pairedLatency, startBenchApi } from './http.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_lists';
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 1_000_000);
const ORDERS_PER_SIGNAL = Number(process.env.BENCH_ORDERS_PER_SIGNAL ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DEEP_RUNS = Number(process.env.BENCH_DEEP_RUNS ?? 10);
const DEEP_SQL_RUNS = Number(process.env.BENCH_DEEP_SQL_RUNS ?? 3);
const DEEP_OFFSET = Number(process.env.BENCH_DEEP_OFFSET ?? 1_000_000);
const SIZES = {
  accounts: 3,
  pairs: 300,
  tickerConfigs: 20,
  mmProfiles: 10,
  strategyProfiles: 40,
  signals: SIGNALS,
  ordersPerSignal: ORDERS_PER_SIGNAL,
  logsPerSignal: Number(process.env.BENCH_LOGS_PER_SIGNAL ?? 1),
  lostPositions: 20,
  metricsDays: Number(process.env.BENCH_METRICS_DAYS ?? 90),
  depositTransactionsPerAccount: 10,
  riskTriggers: 14,
};

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

function layer() {
  const dist = join(ROOT, 'apps/api/dist');
  const from = (file) => requireFromRoot(join(dist, file));
  const { queryListPage, whereOf, orderOf, setCursorSecret } = from('common/list-query/list-query.js');
  // The app seals its page cursors with a key from JWT_SECRET; any key does for the layer alone.
  setCursorSecret('bench: cursors sealed with a throwaway key');
  return {
    ...from('signals/signals.list.js'),
    ...from('orders/orders.list.js'),
    ...from('positions/positions.list.js'),
    ...from('logs/logs.list.js'),
    ...from('logs/log-filters.list.js'),
    ...from('stats/profiles-stats.list.js'),
    ...from('stats/account-stats.list.js'),
    ...from('strategy-profiles/strategy-profiles.list.js'),
    ...from('mm-profiles/mm-profiles.list.js'),
    ...from('pairs/pairs.list.js'),
    queryListPage,
    whereOf,
    orderOf,
  };
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
    // Every table, the partitions of logs and account_metrics included: index-only scans need the visibility map.
    await client.query(`VACUUM (ANALYZE)`);
    console.log(`  filled and analysed in ${seconds(t0)} s`);
  });
  if (process.env.BENCH_FILL_ONLY) return;

  await withClient(dbUrl(DB), async (client) => {
    // As the API's connections run (NO_JIT in data-source.ts), so both sides of a comparison plan alike.
    await client.query('SET jit = off');
    const l = layer();
    const db = queryable(client);
    const [{ version }] = (await client.query(`SELECT current_setting('server_version') AS version`)).rows;
    const [{ signals, orders, logs }] = (
      await client.query(`SELECT (SELECT count(*) FROM signals)::int AS signals, (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM logs)::int AS logs`)
    ).rows;
    const profiles = (await client.query(`SELECT id FROM strategy_profiles WHERE status <> 'draft' ORDER BY id`)).rows.map((r) => r.id);
    const pairs = (await client.query(`SELECT DISTINCT pair_id AS id FROM signals WHERE id > (SELECT max(id) - 5000 FROM signals) ORDER BY 1`)).rows.map((r) => r.id);
    const [{ mid }] = (await client.query(`SELECT (min(created_at) + (max(created_at) - min(created_at)) / 2) AS mid FROM signals`)).rows;
    const week = { created_at_after: new Date(mid.getTime() - 3.5 * 86400_000).toISOString(), created_at_before: new Date(mid.getTime() + 3.5 * 86400_000).toISOString() };
    const profile = (i) => profiles[i % profiles.length];
    const pair = (i) => pairs[i % pairs.length];
    const midSignal = Math.floor(signals / 2);
    // What an operator filters by: the tickers of open positions, the accounts, a title typed in part.
    const tickers = (await client.query(`SELECT DISTINCT pr.ticker FROM positions p JOIN pairs pr ON pr.id = p.pair_id WHERE p.closed_at IS NULL ORDER BY 1 LIMIT 50`)).rows.map((r) => r.ticker);
    const ticker = (i) => tickers[i % tickers.length];
    const accounts = (await client.query(`SELECT id FROM exchange_accounts ORDER BY id`)).rows.map((r) => r.id);
    const searchOf = (title) => title.slice(0, 3);
    const [{ title: profileTitle }] = (await client.query(`SELECT title FROM strategy_profiles ORDER BY id LIMIT 1`)).rows;
    const [{ ticker: pairTicker }] = (await client.query(`SELECT ticker FROM pairs ORDER BY id LIMIT 1`)).rows;
    const orderings = (names) => names.map((name, n) => [`ordering=${n % 2 ? '' : '-'}${name}`, () => ({ ordering: `${n % 2 ? '' : '-'}${name}` })]);
    const same = (q) => q;

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
        prepare: same,
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
      {
        name: 'positions',
        list: l.POSITION_LIST,
        path: 'position-administration/',
        pageSize: l.POSITION_LIST.defaultPageSize,
        prepare: same,
        cases: [
          ['default (lost first, newest)', () => ({})],
          ['pair ticker', (i) => ({ pair__ticker: ticker(i) })],
          ...orderings(Object.keys(l.POSITION_LIST.orderings)),
        ],
      },
      {
        name: 'lost positions',
        list: l.LOST_POSITION_LIST,
        path: 'position-administration/lost-positions/',
        pageSize: l.LOST_POSITION_LIST.defaultPageSize,
        prepare: same,
        cases: [
          ['default (newest)', () => ({})],
          ['pair ticker', (i) => ({ pair__ticker: ticker(i) })],
        ],
      },
      {
        name: 'logs',
        list: l.LOG_LIST,
        path: 'logs/',
        pageSize: l.LOG_LIST.defaultPageSize,
        prepare: same,
        cases: [
          ['unfiltered', () => ({})],
          ['type=general', () => ({ type: 'general' })],
          ['type=divergence', () => ({ type: 'divergence' })],
          ['type=restrictions', () => ({ type: 'restrictions' })],
          ['signal', (i) => ({ signal_id: midSignal + i })],
          ['pair', (i) => ({ pair: pair(i) })],
          ['profile', (i) => ({ profile: profile(i) })],
          ['profile + type=divergence', (i) => ({ profile: profile(i), type: 'divergence' })],
          ['pair + profile', (i) => ({ pair: pair(i), profile: profile(i) })],
        ],
      },
      {
        name: 'profiles stats',
        list: l.PROFILE_STATS_LIST,
        path: 'strategies/profiles-stats/',
        pageSize: l.PROFILE_STATS_LIST.defaultPageSize,
        prepare: same,
        cases: [
          ['default', () => ({})],
          ['status=active', () => ({ status: 'active' })],
          ['profile_id__in (3)', (i) => ({ profile_id__in: [profile(i), profile(i + 1), profile(i + 2)] })],
          ['created this year', () => ({ created_at__gte: `${new Date().getUTCFullYear()}-01-01` })],
          ...orderings(Object.keys(l.PROFILE_STATS_LIST.orderings)),
        ],
      },
      {
        name: 'account stats',
        list: l.ACCOUNT_STATS_LIST,
        path: 'strategies/account-stats/',
        pageSize: l.ACCOUNT_STATS_LIST.defaultPageSize,
        prepare: same,
        cases: [
          ['default', () => ({})],
          ['account_id__in (1)', (i) => ({ account_id__in: [accounts[i % accounts.length]] })],
          ...orderings(Object.keys(l.ACCOUNT_STATS_LIST.orderings)),
        ],
      },
      // The for-filters lookups of the list screens' pickers: aim p95 ≤ 50 ms.
      ...[
        ['strategy profiles', l.STRATEGY_PROFILE_OPTION_LIST, 'strategies/profiles/for-filters/', { search: searchOf(profileTitle) }],
        ['MM profiles', l.MM_PROFILE_OPTION_LIST, 'strategies/mm-profiles/for-filters/', { mm_profile: 'MM' }],
        ['pairs', l.PAIR_OPTION_LIST, 'strategies/pairs/for-filters/', { search: searchOf(pairTicker) }],
        ['profiles stats', l.PROFILE_STATS_OPTION_LIST, 'strategies/profiles-stats/for-filters/', { search: searchOf(profileTitle) }],
        ['account stats', l.ACCOUNT_STATS_OPTION_LIST, 'strategies/account-stats/for-filters/', { search: 'a' }],
        ['logs, pair', l.LOG_FILTER_OPTION_LISTS.pair, 'logs/for_filters/', { search: searchOf(pairTicker) }, { field: 'pair' }],
        ['logs, profile', l.LOG_FILTER_OPTION_LISTS.profile, 'logs/for_filters/', { search: searchOf(profileTitle) }, { field: 'profile' }],
      ].map(([name, list, path, search, fixed = {}]) => ({
        name: `for-filters: ${name}`,
        options: true,
        list,
        path,
        pageSize: list.defaultPageSize,
        prepare: same,
        // The lookup's field picks the list on the API's side; the statement itself does not name it.
        httpQuery: fixed,
        cases: [
          ['first page', () => ({})],
          ['search', () => search],
        ],
      })),
    ].filter((list) => !ONLY || ONLY.some((name) => list.name.startsWith(name)));

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
      for (const { name: listName, list, path, pageSize, prepare, cases, options = false, httpQuery = {} } of process.env.BENCH_NO_FIRST ? [] : lists) {
        for (const [name, filters] of cases) {
          // One run per comparison: the bare SQL and the request through HTTP alternate, run by run.
          const { a: raw, b: http } = await pairedLatency(
            RUNS,
            (i) => {
              const sql = rawSql(l, list, prepare(filters(i)), pageSize + 1, 0);
              return client.query(sql.text, sql.params);
            },
            (i) => get(`${path}?${queryString({ ...httpQuery, ...filters(i) }, { page_size: String(pageSize) })}`),
          );
          const page = await latency(RUNS, (i) => l.queryListPage(db, list, { ...prepare(filters(i)), page_size: pageSize }));
          const sql = rawSql(l, list, prepare(filters(0)), pageSize + 1, 0);
          const plan = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.params)).rows[0]['QUERY PLAN'][0];
          const index = JSON.stringify(plan.Plan).match(/"Index Name":"([^"]+)"/g)?.map((m) => m.slice(14, -1)).filter((n) => !n.endsWith('_pkey')) ?? [];
          results.push({ list: listName, name, options, raw, http, page, explain: plan['Execution Time'], index: [...new Set(index)].join(', ') || 'seq' });
          console.log(`  ${listName} ${name}: page SQL p95 ${raw.p95.toFixed(1)} ms, HTTP p95 ${http.p95.toFixed(1)} ms (EXPLAIN ${plan['Execution Time'].toFixed(1)} ms, ${results.at(-1).index})`);
        }
      }

      // Deep pages of every filter and sort whose rows reach them: page 100, and the page at offset
      // 1,000,000, typed by number and reached by the previous page's next link, each beside a plain OFFSET
      // of the same rows. A filter's own first choice (filters(0)) keeps the link chain on one set of rows.
      if (!process.env.BENCH_NO_DEEP) {
        for (const { name: listName, list, path, pageSize, prepare, cases, options = false } of lists) {
          if (options) continue;
          for (const [name, filters] of cases) {
            const query = (extra) => `${path}?${queryString(filters(0), { page_size: String(pageSize), ...extra })}`;
            const { count } = await get(query({}));
            for (const page of [100, Math.floor(DEEP_OFFSET / pageSize) + 1]) {
              const offset = (page - 1) * pageSize;
              // A count past 1,000 rows is the planner's estimate: the list may end before it.
              if (offset >= count) continue;
              const previous = await get(query({ page: String(page - 1) })).catch(() => undefined);
              if (!previous?.next) {
                console.log(`  ${listName} ${name} page ${page}: past the list's end, skipped`);
                continue;
              }
              // The two ways through HTTP alternate; the plain OFFSET (seconds at 1M rows) gets runs of its own.
              const http = await pairedLatency(DEEP_RUNS, () => get(query({ page: String(page) })), () => get(relative(previous.next)));
              const sql = rawSql(l, list, prepare(filters(0)), pageSize + 1, offset);
              const plain = await latency(DEEP_SQL_RUNS, () => client.query(sql.text, sql.params), 1);
              deep.push({ list: listName, name, page, offset, byNumber: http.a, byLink: http.b, plain });
              console.log(`  ${listName} ${name} page ${page}: by number p95 ${http.a.p95.toFixed(1)} ms, by next link ${http.b.p95.toFixed(1)} ms, plain OFFSET p95 ${plain.p95.toFixed(1)} ms`);
            }
          }
        }
      }
      console.log(`load average before: ${loadBefore}; after: ${loadAverages()}`);
    } finally {
      await api.stop();
    }

    const cpu = cpus();
    const ms = (v) => `${v.toFixed(1)} ms`;
    // A first page's aim: p95 at most 50 ms, and at most 3x its SQL (or SQL + 5 ms where the SQL is under 2 ms);
    // a for-filters lookup's: p95 at most 50 ms.
    const meetsAim = (r) => r.http.p95 <= 50 && (r.options || (r.raw.p95 < 2 ? r.http.p95 <= r.raw.p95 + 5 : r.http.p95 <= 3 * r.raw.p95));
    console.log(`\nPostgreSQL ${version}, ${signals.toLocaleString('en')} signals, ${orders.toLocaleString('en')} orders, ${logs.toLocaleString('en')} log rows, ${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${new Date().toISOString().slice(0, 10)}`);
    console.log(`${RUNS} runs each, 3 warm-up runs before each; SQL and HTTP alternate run by run; deep pages ${DEEP_RUNS} runs, by number and by link alternating, the plain OFFSET ${DEEP_SQL_RUNS} runs\n`);
    console.log('| List | Filter | index | page SQL p95 | EXPLAIN ANALYZE | list page + count p95 | HTTP p50 | HTTP p95 | HTTP / SQL p95 | aim |');
    console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|');
    for (const r of results) {
      console.log(`| ${r.list} | ${r.name} | ${r.index} | ${ms(r.raw.p95)} | ${ms(r.explain)} | ${ms(r.page.p95)} | ${ms(r.http.p50)} | ${ms(r.http.p95)} | ${(r.http.p95 / r.raw.p95).toFixed(1)}x | ${meetsAim(r) ? 'met' : 'missed'} |`);
    }
    // A deep page's aim: p95 at most 150 ms typed by number, at most 10 ms by the next link.
    const deepAim = (d) => (d.byNumber.p95 <= 150 ? 'met' : 'missed') + ' / ' + (d.byLink.p95 <= 10 ? 'met' : 'missed');
    console.log('\n| List | Filter | page | offset | by number p50 | p95 | by the next link p50 | p95 | plain OFFSET SQL p95 | aim (number / link) |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const d of deep) {
      console.log(`| ${d.list} | ${d.name} | ${d.page.toLocaleString('en')} | ${d.offset.toLocaleString('en')} | ${ms(d.byNumber.p50)} | ${ms(d.byNumber.p95)} | ${ms(d.byLink.p50)} | ${ms(d.byLink.p95)} | ${ms(d.plain.p95)} | ${deepAim(d)} |`);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
