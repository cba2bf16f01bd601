// What the month partitions of logs and account_metrics cost and save: a dedicated database migrated up
// to the migration before the partitioning, filled with BENCH_ROWS log rows (~180 days, spread like the
// logs bench) and BENCH_ACCOUNTS accounts' minute metrics over the same days; then
//  1. the bulk DELETE of the oldest whole month on the plain table, as retention without partitions
//     would run it (rolled back, so the next steps see the same rows),
//  2. the partitioning migration itself (1734220800000) on those rows,
//  3. retention by partition: detach and drop of that same month.
// Prints each time with the load average beside it: the figures mean little on a busy machine.
//
//   node scripts/bench/partitions.mjs     (needs `pnpm run build`)
//   BENCH_ROWS=10000000 BENCH_ACCOUNTS=2 node scripts/bench/partitions.mjs
import { join } from 'node:path';
import { ROOT, dbUrl, freshBenchDatabase, insertLogRows, loadAverages, migrateBench, requireFromRoot, withClient } from './bench-db.mjs';

const DB = process.env.BENCH_DATABASE ?? 'console_bench_partitions';
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2);
const DAYS = 180;
const CHUNK = 1_000_000;
const PARTITIONING = 'PartitionLogsAndAccountMetrics1734220800000';

const { MIGRATIONS } = requireFromRoot(join(ROOT, 'migrations/dist/index.js'));
const runnerOf = (client) => ({ query: (sql, params) => client.query(sql, params).then((r) => r.rows) });
const timed = async (label, fn) => {
  const t0 = performance.now();
  const result = await fn();
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${loadAverages()})`);
  return result;
};

async function fill(client) {
  const before = MIGRATIONS.slice(0, MIGRATIONS.findIndex((m) => m.name === PARTITIONING));
  await migrateBench(client, before);
  // Indexes are built once after the load, as a table that grew row by row would have them.
  const indexes = (await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'logs' AND indexname <> 'logs_pkey'`)).rows;
  for (const { indexname } of indexes) await client.query(`DROP INDEX ${indexname}`);
  await client.query(`SELECT setseed(0.42)`);
  await timed(`fill ${ROWS} log rows`, async () => {
    for (let start = 1; start <= ROWS; start += CHUNK) {
      await insertLogRows(client, start, Math.min(ROWS, start + CHUNK - 1), ROWS, (DAYS * 86_400) / ROWS);
    }
  });
  await timed('rebuild the logs indexes', async () => {
    for (const { indexdef } of indexes) await client.query(indexdef);
  });
  await timed(`fill ${ACCOUNTS} accounts' minute metrics (${DAYS} days)`, async () => {
    for (let a = 1; a <= ACCOUNTS; a++) {
      const [{ id }] = (
        await client.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ($1, 'k', 'x', 1) RETURNING id`, [`Bench ${a}`])
      ).rows;
      await client.query(
        `INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at)
         SELECT $1, m, 1000 + 50 * sin(extract(epoch FROM m) / 86400), 1000
           FROM generate_series(date_trunc('minute', now()) - make_interval(days => $2), date_trunc('minute', now()), interval '1 minute') m`,
        [id, DAYS],
      );
    }
  });
  await client.query(`VACUUM ANALYZE logs, account_metrics`);
}

await freshBenchDatabase(DB, fill);
await withClient(dbUrl(DB), async (client) => {
  const [{ month, rows }] = (
    await client.query(
      `SELECT m AS month, (SELECT count(*) FROM logs WHERE created_at >= m AND created_at < m + interval '1 month')::int AS rows
         FROM (SELECT date_trunc('month', min(created_at), 'UTC') + interval '1 month' AS m FROM logs) x`,
    )
  ).rows;
  console.log(`the oldest whole month: ${month.toISOString().slice(0, 7)}, ${rows} log rows`);
  await client.query('BEGIN');
  await timed('1. DELETE of that month from the plain logs table (rolled back)', () =>
    client.query(`DELETE FROM logs WHERE created_at >= $1 AND created_at < $1::timestamptz + interval '1 month'`, [month]),
  );
  await client.query('ROLLBACK');
  const migration = MIGRATIONS.find((m) => m.name === PARTITIONING);
  await client.query('BEGIN');
  await timed(`2. the partitioning migration (${ROWS} log rows, ${ACCOUNTS} accounts' metrics)`, () => new migration().up(runnerOf(client)));
  await client.query('COMMIT');
  const partition = `logs_p${month.toISOString().slice(0, 7).replace('-', '')}`;
  await timed(`3. detach and drop of ${partition}`, async () => {
    await client.query('BEGIN');
    await client.query(`ALTER TABLE logs DETACH PARTITION ${partition}`);
    await client.query(`DROP TABLE ${partition}`);
    await client.query('COMMIT');
  });
});
