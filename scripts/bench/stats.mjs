// Benchmark of statistics and charts over 3 years of minute metrics: fills a dedicated database with the
// trading data generator (1 account, 1,095 days of minute metrics ≈ 1.6M rows, the rollups filled by their
// triggers during the load), then times each chart and months query two ways: the rollup SQL alone (the
// API's own repository, apps/api/src/stats/stats.repository.ts, on a plain pg client) and the whole
// request through HTTP (the built API started on that database).
//
//   node scripts/bench/stats.mjs            (needs `pnpm run build`)
//   BENCH_METRICS_DAYS=1095 BENCH_SIGNALS=200000 BENCH_RUNS=30 node scripts/bench/stats.mjs
//   BENCH_REUSE=1 keeps an already filled database and only measures.
import { join } from 'node:path';
import { ADMIN_URL, dbUrl, loadAverages, requireFromRoot, ROOT, settle, withClient } from './bench-db.mjs';
import { latency, machine, startBenchApi } from './http.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_stats';
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const DAYS = Number(process.env.BENCH_METRICS_DAYS ?? 1095);
const SIGNALS = Number(process.env.BENCH_SIGNALS ?? 200_000);
const REUSE = process.env.BENCH_REUSE === '1';

const dist = join(ROOT, 'apps/api/dist');
const { generateTradingData, DEMO_TRADING_SIZES } = requireFromRoot(join(dist, 'demo/trading-data.js'));
const { StatsRepository } = requireFromRoot(join(dist, 'stats/stats.repository.js'));
const { planChart } = requireFromRoot(join(dist, 'charts/chart-buckets.js'));

const iso = (d) => d.toISOString();
const ago = (days) => new Date(Date.now() - days * 86_400_000);
const MINUTE = { NAV: 'm.nav', Equity: 'CASE WHEN m.deposit_at > 0 THEN 100 * (m.nav / m.deposit_at - 1) ELSE 0 END' };
const BARS = { NAV: 'nav', Equity: 'equity' };

/** Charts as the screens ask for them: [name, query string, data type, tf, days back]. */
const CHARTS = [
  ['default: equity line 1d, 6 months', 'Equity', 'line', '1d', 182],
  ['NAV candles 1h, 1 year', 'NAV', 'candles', '1h', 365],
  ['NAV candles 1m, 3 years (widened)', 'NAV', 'candles', '1m', DAYS],
  ['equity line 1m, 1 day (raw minutes)', 'Equity', 'line', '1m', 1],
  ['equity line 1m, 10 days (raw minutes)', 'Equity', 'line', '1m', 10],
  ['NAV candles 1M, 3 years', 'NAV', 'candles', '1M', DAYS],
];

async function main() {
  console.log(`machine: ${machine()}`);
  const api = await startBenchApi({ database: DB, fresh: !REUSE });
  try {
    await withClient(dbUrl(DB), async (client) => {
      const db = { query: (sql, params) => client.query(sql, params).then((r) => r.rows) };
      if (!REUSE) {
        const t0 = performance.now();
        const { phases } = await generateTradingData(client, { ...DEMO_TRADING_SIZES, accounts: 1, signals: SIGNALS, metricsDays: DAYS });
        console.log(`generated ${DAYS} days of minutes and ${SIGNALS} signals in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${phases.map((p) => `${p.name} ${(p.ms / 1000).toFixed(1)} s`).join(', ')}`);
        await client.query('VACUUM ANALYZE account_metrics, account_metric_bars, profile_day_stats');
      }
      const counts = (await client.query(`SELECT (SELECT count(*) FROM account_metrics) AS minutes, (SELECT count(*) FROM account_metric_bars) AS bars, (SELECT count(*) FROM profile_day_stats) AS day_rows`)).rows[0];
      console.log(`rows: ${JSON.stringify(counts)}`);
      const repo = new StatsRepository();
      const account = await repo.account(db, undefined);
      const get = async (path) => {
        const res = await fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${api.accessToken}` } });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      if (!(await settle(0.5, Number(process.env.BENCH_SETTLE_MS ?? 180_000)))) console.log(`the machine did not quiet down (load ${loadAverages()})`);
      console.log(`load average before the timed part: ${loadAverages()}`);
      const rows = [];
      for (const [name, dataType, chartType, tf, days] of CHARTS) {
        const from = ago(days);
        const to = new Date();
        const plan = planChart(tf, (to - from) / 1000);
        const sql = await latency(RUNS, () =>
          repo.chartBuckets(db, { accountId: account.id, source: plan.source, bucketSeconds: plan.bucketSeconds, from, to, minuteValue: MINUTE[dataType], barsColumn: BARS[dataType] }),
        );
        const qs = `data_type=${dataType}&chart_type=${chartType}&tf=${tf}&date_from=${iso(from)}&date_to=${iso(to)}`;
        const points = (await get(`/statistics/statistics-chart/?${qs}`)).points.length;
        const http = await latency(RUNS, () => get(`/statistics/statistics-chart/?${qs}`));
        rows.push({ name: `chart ${name} (${points} points)`, sql, http });
      }
      const months = async (from, to) => {
        await repo.monthBars(db, account.id);
        await repo.monthSignals(db, account.id, from, to);
        await repo.monthReinvests(db, account.id);
        await repo.turnover(db, account.id);
      };
      const year = ago(365).toISOString().slice(0, 7) + '-01';
      for (const [name, qs, from] of [
        ['months admin, all time', '', null],
        ['months admin, last 12 months', `?date_from=${year}&date_to=${new Date().toISOString().slice(0, 10)}`, year],
      ]) {
        const sql = await latency(RUNS, () => months(from, null));
        const http = await latency(RUNS, () => get(`/statistics/statistics-admin/${qs}`));
        rows.push({ name, sql, http });
      }
      rows.push({ name: 'profiles stats, first page', sql: null, http: await latency(RUNS, () => get('/strategies/profiles-stats/')) });
      console.log(`load average after the timed part: ${loadAverages()}`);
      console.log('\n| Query | rollup SQL p50 | p95 | HTTP p50 | p95 |');
      console.log('|---|---|---|---|---|');
      const ms = (v) => (v === undefined ? '-' : `${v.toFixed(1)} ms`);
      for (const r of rows) console.log(`| ${r.name} | ${ms(r.sql?.p50)} | ${ms(r.sql?.p95)} | ${ms(r.http.p50)} | ${ms(r.http.p95)} |`);
      console.log('\nAim (issue 17): chart and months p95 ≤ 50 ms through HTTP.');
    });
  } finally {
    await api.stop();
    if (process.env.BENCH_KEEP !== '1') await withClient(ADMIN_URL, async (admin) => admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
