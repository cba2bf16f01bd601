// Benchmark of the trading data generator (apps/api/src/demo/trading-data.ts): creates a dedicated
// database, runs every migration, fills it at the sizes below and prints the time of each phase, the
// rows and the size of each table, then drops the database (disk is freed).
//
//   node scripts/bench/trading-data.mjs            (needs `pnpm run build`)
//   BENCH_SIGNALS=2000000 BENCH_ORDERS_PER_SIGNAL=3 BENCH_METRICS_DAYS=90 node scripts/bench/trading-data.mjs
//   BENCH_ADMIN_URL=postgres://user@host:5432/postgres to use another server; BENCH_KEEP=1 keeps the database.
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { ADMIN_URL, ROOT, dbUrl, migrateBench, requireFromRoot, withClient } from './bench-db.mjs';



const DB = process.env.BENCH_DATABASE ?? 'console_bench_trading';
const size = (name, fallback) => Number(process.env[`BENCH_${name}`] ?? fallback);
const SIZES = {
  accounts: size('ACCOUNTS', 3),
  pairs: size('PAIRS', 300),
  tickerConfigs: size('TICKER_CONFIGS', 20),
  mmProfiles: size('MM_PROFILES', 10),
  strategyProfiles: size('PROFILES', 40),
  signals: size('SIGNALS', 10_000_000),
  ordersPerSignal: size('ORDERS_PER_SIGNAL', 3),
  logsPerSignal: size('LOGS_PER_SIGNAL', 1),
  lostPositions: size('LOST_POSITIONS', 20),
  metricsDays: size('METRICS_DAYS', 182),
  depositTransactionsPerAccount: size('DEPOSITS_PER_ACCOUNT', 60),
  riskTriggers: size('RISK_TRIGGERS', 14),
};


/** The real migrations, run through a minimal query runner (they only call `query`). */
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`;
const gib = (bytes) => `${(Number(bytes) / 2 ** 30).toFixed(2)} GiB`;

async function main() {
  const { generateTradingData } = requireFromRoot(join(ROOT, 'apps/api/dist/demo/trading-data.js'));
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB}`);
  });
  try {
    await withClient(dbUrl(DB), async (client) => {
      await migrateBench(client);
      console.log(`sizes ${JSON.stringify(SIZES)}`);
      const t0 = performance.now();
      const { rows, phases } = await generateTradingData(client, SIZES);
      const total = performance.now() - t0;
      for (const p of phases) console.log(`  ${p.name}: ${minutes(p.ms)}`);
      console.log(`total: ${minutes(total)}\n`);

      const tables = (
        await client.query(
          // A partitioned table (logs, account_metrics) is the sum of its partitions.
          `SELECT c.relname AS name, c.reltuples::bigint AS estimate, sizes.data, sizes.indexes
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            CROSS JOIN LATERAL (SELECT coalesce(sum(pg_table_size(t.relid)), pg_table_size(c.oid))::bigint AS data,
                                      coalesce(sum(pg_indexes_size(t.relid)), pg_indexes_size(c.oid))::bigint AS indexes FROM pg_partition_tree(c.oid) t) sizes
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname IN ('signals', 'orders', 'positions', 'logs', 'account_metrics', 'deposit_transactions')
            ORDER BY sizes.data + sizes.indexes DESC`,
        )
      ).rows;
      const [{ version, database }] = (await client.query(`SELECT current_setting('server_version') AS version, pg_database_size(current_database()) AS database`)).rows;
      const cpu = cpus();
      console.log(`PostgreSQL ${version}, ${cpu.length} × ${cpu[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${new Date().toISOString().slice(0, 10)}`);
      console.log(`rows written: ${JSON.stringify(rows)}\n`);
      console.log('| Phase | time |');
      console.log('|---|---:|');
      for (const p of phases) console.log(`| ${p.name} | ${minutes(p.ms)} |`);
      console.log(`| **total** | **${minutes(total)}** |\n`);
      console.log('| Table | rows | data | indexes |');
      console.log('|---|---:|---:|---:|');
      for (const t of tables) console.log(`| ${t.name} | ${Number(rows[t.name] ?? t.estimate).toLocaleString('en')} | ${gib(t.data)} | ${gib(t.indexes)} |`);
      console.log(`| whole database | | ${gib(database)} | |`);
    });
  } finally {
    if (!process.env.BENCH_KEEP) await withClient(ADMIN_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
