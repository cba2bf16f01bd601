// What the benchmark scripts share: the repository root, node-postgres from the workspace, the admin
// connection (BENCH_ADMIN_URL) and a short-lived client per task.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(import.meta.url), '../../..');
export const requireFromRoot = createRequire(join(ROOT, 'package.json'));
const pg = requireFromRoot('pg');

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The admin URL pointed at another database of the same server. */
export function dbUrl(database) {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `fn` with a connected client and closes it whatever happens. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The bench's own database, made anew and handed to `fill` (a connected client), unless BENCH_REUSE is
 * set and it exists already: then it is measured as it is.
 */
export async function freshBenchDatabase(database, fill) {
  await withClient(ADMIN_URL, async (admin) => {
    const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [database])).rowCount > 0;
    if (exists && process.env.BENCH_REUSE) return;
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    await withClient(dbUrl(database), fill);
  });
}

/**
 * Runs `migrations` (all of them by default) on a bench database's client, each in its own transaction
 * as the app's runner does, except those that declare `transaction = false` (concurrent index builds).
 */
export async function migrateBench(client, migrations = requireFromRoot(join(ROOT, 'migrations/dist/index.js')).MIGRATIONS) {
  const runner = { query: (sql, params) => client.query(sql, params).then((r) => r.rows) };
  for (const Migration of migrations) {
    const migration = new Migration();
    if (migration.transaction === false) {
      await migration.up(runner);
      continue;
    }
    await client.query('BEGIN');
    await migration.up(runner);
    await client.query('COMMIT');
  }
}

/**
 * Log rows `first`..`last` of `total`, the newest `secondsApart` before now and each earlier one that much
 * further back, spread as the logs list meets them: 40% general, 15% system, restrictions and divergence,
 * 10% user, 5% errors; 75% belong to a signal (~25 rows each), 90% to a pair (300 pairs, popular ones far
 * more frequent), 80% to one of 40 profiles. Seed with `SELECT setseed(…)` first for the same rows again.
 */
export async function insertLogRows(client, first, last, total, secondsApart) {
  await client.query(
    `INSERT INTO logs (created_at, type, event_type, signal_id, pair_id, pair_name, profile_id, profile_title, order_id, log_data)
     SELECT now() - (($2::bigint - i) * $4::float8 * interval '1 second'),
            CASE WHEN r < 0.40 THEN 'general' WHEN r < 0.55 THEN 'system' WHEN r < 0.70 THEN 'restrictions'
                 WHEN r < 0.85 THEN 'divergence' WHEN r < 0.95 THEN 'user' ELSE 'error' END,
            (ARRAY['order_placed','order_filled','signal_opened','signal_closed','check_k','tick','restriction_hit','divergence_found'])[1 + (i % 8)],
            CASE WHEN i % 4 <> 0 THEN 1 + i / 25 END,
            p, CASE WHEN p IS NOT NULL THEN 'PAIR' || p || 'USDT' END,
            pr, CASE WHEN pr IS NOT NULL THEN 'Profile ' || pr END,
            CASE WHEN i % 3 = 0 THEN i END,
            jsonb_build_object('message', 'event ' || i, 'price', round((random() * 1000)::numeric, 2))
       FROM (SELECT i, random() AS r,
                    CASE WHEN random() < 0.9 THEN 1 + floor(300 * random() ^ 2)::int END AS p,
                    CASE WHEN random() < 0.8 THEN 1 + floor(40 * random())::int END AS pr
               FROM generate_series($1::bigint, $3::bigint) i) g`,
    [first, total, last, secondsApart],
  );
}

/** The load averages over 1, 5 and 15 minutes, as a benchmark prints them beside its figures. */
export function loadAverages() {
  return loadavg().map((l) => l.toFixed(2)).join(' ');
}

/** Runs the API's CLI (`apps/api/dist/cli.js`) with `env` added; answers what it printed. */
export function apiCli(args, env) {
  const res = spawnSync(process.execPath, [join(ROOT, 'apps/api/dist/cli.js'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`cli ${args[0]} failed: ${res.stderr || res.stdout}`);
  return res.stdout.trim();
}

/**
 * The database `name` filled by the trading-data generator (`cli trading-data ...args`), migrated and
 * analysed, and kept for the next run: with `reuse` one that already holds signals is migrated and used.
 * Answers its URL.
 */
export async function filledDatabase(name, { reuse, args }) {
  const url = dbUrl(name);
  if (reuse) {
    // Migrations landed since it was filled run first: the build being measured expects its schema.
    apiCli(['migrate'], { DATABASE_URL: url });
    const signals = await withClient(url, async (c) => Number((await c.query('SELECT count(*) AS n FROM signals')).rows[0].n)).catch(() => 0);
    if (signals > 0) {
      console.log(`data set: ${name} reused (${signals.toLocaleString('en')} signals)`);
      return url;
    }
  }
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  apiCli(['migrate'], { DATABASE_URL: url });
  const t0 = performance.now();
  apiCli(['trading-data', ...args], { DATABASE_URL: url });
  await withClient(url, (c) => c.query('VACUUM ANALYZE'));
  console.log(`data set: ${name} filled (trading-data ${args.join(' ')}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return url;
}

/**
 * The database `name`, made again from nothing as `npm start -- --demo` makes it: migrated, then the
 * demo's groups, pairs, paper account and trading configuration (`cli seed-demo`). Answers its URL and
 * what seed-demo printed.
 */
export async function freshDemoDatabase(name) {
  await withClient(ADMIN_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const url = dbUrl(name);
  const env = { DATABASE_URL: url, ENCRYPTION_KEY: randomBytes(32).toString('hex'), JWT_SECRET: randomBytes(48).toString('hex') };
  apiCli(['migrate'], env);
  return { url, seeded: apiCli(['seed-demo'], env) };
}

/**
 * Waits (at most `maxMs`) until the 1-minute load average is under `below`, so that a timed part starts
 * on a quiet machine after the set-up's own work; answers whether it got there.
 */
export async function settle(below = 0.5, maxMs = 180_000) {
  const until = Date.now() + maxMs;
  while (loadavg()[0] >= below) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return true;
}
