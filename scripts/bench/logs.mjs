// Benchmark of the logs list: fills a dedicated database with 5 million log rows and times the SQL
// that GET logs/ and GET logs/for_count/ run, unfiltered and per filter, plus deep pages. It imports the
// API's own list declaration and query layer (apps/api/src/logs/logs.list.ts, common/list-query), so it
// measures exactly what the service runs, beside the bare page statement for the same rows. Then it
// starts the built API on that database (http.mjs startBenchApi, no refill) and asks GET logs/ for the same
// filters through HTTP, one request at a time, to show what the whole request path adds to the SQL.
//
//   node scripts/bench/logs.mjs            (needs `pnpm run build`)
//   BENCH_ADMIN_URL=postgres://user@host:5432/postgres BENCH_ROWS=5000000 BENCH_RUNS=50 node scripts/bench/logs.mjs
//   BENCH_REUSE=1 keeps an already filled database and only measures.
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT, dbUrl, freshBenchDatabase, insertLogRows, migrateBench, requireFromRoot, withClient } from './bench-db.mjs';
import { latency, startBenchApi } from './http.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_logs';
const ROWS = Number(process.env.BENCH_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const COUNT_RUNS = Number(process.env.BENCH_COUNT_RUNS ?? 10);
const CHUNK = 1_000_000;
const PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? 500); // the logs list's default page size
const DEEP_RUNS = Number(process.env.BENCH_DEEP_RUNS ?? 10);

const seconds = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

/** The real migrations, run through a minimal query runner (they only call `query`). */
async function migrate(client) {
  const { MIGRATIONS } = requireFromRoot(join(ROOT, 'migrations/dist/index.js'));
  await migrateBench(client, MIGRATIONS);
  return MIGRATIONS.length;
}

/**
 * 5M rows spread like a busy bot's log: ~180 days, mostly general/system/restrictions/divergence,
 * 5% errors; 75% belong to a signal (~25 rows each), 90% to a pair (300 pairs, popular ones far more
 * frequent), 80% to one of 40 profiles.
 */
async function fill(client) {
  const indexes = (await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'logs' AND indexname <> 'logs_pkey'`)).rows;
  for (const { indexname } of indexes) await client.query(`DROP INDEX ${indexname}`);
  await client.query(`SELECT setseed(0.42)`);
  for (let start = 1; start <= ROWS; start += CHUNK) {
    const end = Math.min(ROWS, start + CHUNK - 1);
    const t0 = performance.now();
    await insertLogRows(client, start, end, ROWS, 3);
    console.log(`  rows ${start}–${end} in ${seconds(t0)} s`);
  }
  const t0 = performance.now();
  // logs is partitioned: its indexes read back as ON ONLY the parent, and are made again on every month.
  for (const { indexdef } of indexes) await client.query(indexdef.replace(' ON ONLY ', ' ON '));
  await client.query(`VACUUM ANALYZE logs`);
  console.log(`  indexes (${indexes.map((i) => i.indexname).join(', ')}) and VACUUM ANALYZE in ${seconds(t0)} s`);
}

/** The API's own list declaration and query layer (built: `pnpm run build`), run on a plain pg client. */
function apiListLayer() {
  const dist = join(ROOT, 'apps/api/dist');
  const { LOG_LIST } = requireFromRoot(join(dist, 'logs/logs.list.js'));
  const { queryListPage, countList, whereOf, orderOf, setCursorSecret } = requireFromRoot(join(dist, 'common/list-query/list-query.js'));
  // The app seals its page cursors with a key from JWT_SECRET; any key does for the layer alone.
  setCursorSecret('bench: cursors sealed with a throwaway key');
  return { LOG_LIST, queryListPage, countList, whereOf, orderOf };
}

const queryable = (client) => ({ query: (sql, params) => client.query(sql, params).then((r) => r.rows) });

/** The page statement alone, as one would write it by hand: the floor the list layer is compared with. */
async function rawPage(client, layer, filters, pageSize, offset) {
  const where = layer.whereOf(layer.LOG_LIST, filters);
  const n = where.params.length;
  await client.query(`SELECT ${layer.LOG_LIST.columns} FROM logs ${where.text} ${layer.orderOf(layer.LOG_LIST)} LIMIT $${n + 1} OFFSET $${n + 2}`, [
    ...where.params,
    pageSize,
    offset,
  ]);
}

async function main() {
  const started = performance.now();
  await freshBenchDatabase(DB, async (client) => {
    console.log(`migrated (${await migrate(client)} migrations); filling ${ROWS.toLocaleString('en')} rows…`);
    await fill(client);
  });

  await withClient(dbUrl(DB), async (client) => {
    const [{ version }] = (await client.query(`SELECT current_setting('server_version') AS version`)).rows;
    const [{ rows: total }] = (await client.query(`SELECT count(*)::int AS rows FROM logs`)).rows;
    // Filter values vary from run to run: a mid-history signal, a busy and a quiet pair, a profile.
    const maxSignal = Math.floor(ROWS / 25);
    const cases = [
      ['unfiltered', () => ({})],
      ['type=error (5%)', () => ({ type: 'error' })],
      ['type=general (40%)', () => ({ type: 'general' })],
      ['signal_id (~19 rows)', (i) => ({ signal_id: 1 + ((i * 7919) % maxSignal) })],
      ['pair, busy (~2%)', (i) => ({ pair: 1 + (i % 5) })],
      ['pair, quiet (~0.15%)', (i) => ({ pair: 290 + (i % 10) })],
      ['profile (~2%)', (i) => ({ profile: 1 + (i % 40) })],
      ['type=error + pair, busy', (i) => ({ type: 'error', pair: 1 + (i % 5) })],
      ['type=error + profile', (i) => ({ type: 'error', profile: 1 + (i % 40) })],
      ['pair, busy + profile', (i) => ({ pair: 1 + (i % 5), profile: 1 + (i % 40) })],
      ['type=error + pair, busy + profile', (i) => ({ type: 'error', pair: 1 + (i % 5), profile: 1 + (i % 40) })],
    ];
    const layer = apiListLayer();
    const db = queryable(client);
    const results = [];
    for (const [name, filters] of cases) {
      const raw = await latency(RUNS, (i) => rawPage(client, layer, filters(i), PAGE_SIZE + 1, 0));
      const page = await latency(RUNS, (i) => layer.queryListPage(db, layer.LOG_LIST, { ...filters(i), page_size: PAGE_SIZE }));
      const count = await latency(COUNT_RUNS, (i) => layer.countList(db, layer.LOG_LIST, filters(i)));
      results.push({ name, raw, page, count });
      console.log(`  ${name}: page SQL p95 ${raw.p95.toFixed(1)} ms; list (page + count) p50 ${page.p50.toFixed(1)} ms, p95 ${page.p95.toFixed(1)} ms; for_count p95 ${count.p95.toFixed(1)} ms`);
    }
    // Deep pages of 500 rows: offset 1M and near the end of the table, through the list layer (deferred join)
    // and as a plain OFFSET on the full rows.
    const deep = [];
    for (const [name, filters] of [['unfiltered', {}], ['type=general (40%)', { type: 'general' }]]) {
      const matching = await layer.countList(db, layer.LOG_LIST, filters);
      for (const offset of [1_000_000, Math.max(0, matching - 1_000)]) {
        const page = Math.floor(offset / 500) + 1;
        const list = await latency(DEEP_RUNS, () => layer.queryListPage(db, layer.LOG_LIST, { ...filters, page, page_size: 500 }));
        // The page a `next` link of the page before leads to: keyset from that page's last row.
        const { nextCursor } = await layer.queryListPage(db, layer.LOG_LIST, { ...filters, page: page - 1, page_size: 500 });
        const followed = await latency(DEEP_RUNS, () => layer.queryListPage(db, layer.LOG_LIST, { ...filters, page, page_size: 500, cursor: nextCursor }));
        const plain = await latency(DEEP_RUNS, () => rawPage(client, layer, filters, 501, (page - 1) * 500));
        deep.push({ name, offset: (page - 1) * 500, list, followed, plain });
        console.log(`  deep ${name} offset ${((page - 1) * 500).toLocaleString('en')}: by number p95 ${list.p95.toFixed(1)} ms; by next link p95 ${followed.p95.toFixed(1)} ms; plain OFFSET p95 ${plain.p95.toFixed(1)} ms`);
      }
    }
    // The same first pages through HTTP: token check, guard, list layer, JSON, the access log.
    const api = await startBenchApi({ database: DB, fresh: false });
    try {
      for (const [index, [name, filters]] of cases.entries()) {
        const http = await latency(RUNS, async (i) => {
          const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(filters(i)).map(([k, v]) => [k, String(v)])), page_size: String(PAGE_SIZE) });
          const res = await fetch(`${api.url}/logs/?${query}`, { headers: { authorization: `Bearer ${api.accessToken}` } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`GET logs/?${query} answered ${res.status}`);
        });
        results[index].http = http;
        console.log(`  ${name}: through HTTP p50 ${http.p50.toFixed(1)} ms, p95 ${http.p95.toFixed(1)} ms (${(http.p95 / results[index].raw.p95).toFixed(1)}x the page SQL)`);
      }
    } finally {
      await api.stop();
    }
    const cpu = cpus();
    console.log(`\nPostgreSQL ${version}, ${total.toLocaleString('en')} log rows, ${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${new Date().toISOString().slice(0, 10)}`);
    console.log(`page_size ${PAGE_SIZE}; pages: ${RUNS} runs each; for_count: ${COUNT_RUNS} runs each; 3 warm-up runs before each\n`);
    console.log('| Filter | page SQL alone p95 | list page + count p50 | p95 | ratio p95 | HTTP GET logs/ p50 | p95 | HTTP / SQL p95 | for_count p95 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const ms = (v) => `${v.toFixed(1)} ms`;
      console.log(
        `| ${r.name} | ${ms(r.raw.p95)} | ${ms(r.page.p50)} | ${ms(r.page.p95)} | ${(r.page.p95 / r.raw.p95).toFixed(1)}x | ${ms(r.http.p50)} | ${ms(r.http.p95)} | ${(r.http.p95 / r.raw.p95).toFixed(1)}x | ${ms(r.count.p95)} |`,
      );
    }
    console.log(`\nAim (issue 13): every first page through HTTP p95 ≤ 50 ms and ≤ 3x its page SQL alone.`);
    console.log('\n| Deep page (500 rows) | offset | opened by number p50 | p95 | by the next link p50 | p95 | plain OFFSET p95 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const d of deep) {
      console.log(`| ${d.name} | ${d.offset.toLocaleString('en')} | ${d.list.p50.toFixed(1)} ms | ${d.list.p95.toFixed(1)} ms | ${d.followed.p50.toFixed(1)} ms | ${d.followed.p95.toFixed(1)} ms | ${d.plain.p95.toFixed(1)} ms |`);
    }
  });
  console.log(`\ndone in ${seconds(started)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
