#!/usr/bin/env node
// The app as the browser tests see it: a fresh database, the real bot-check, the built SPA.
// Playwright starts this as its web server and stops it with SIGTERM.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, findOrStartPostgres, findOrStartRedis } from './lib/services.mjs';
import { cli, migrate, startApiAndWorker } from './lib/app.mjs';
import { ROOT } from './lib/toolchain.mjs';

const database = `console_e2e_${randomBytes(4).toString('hex')}`;
/** The generator's sizes for the browser tests: every trading table has rows, three months of metrics for the charts. */
const E2E_TRADING_SIZES = { signals: 300, 'orders-per-signal': 3, 'logs-per-signal': 1, 'metrics-days': 90 };
const postgres = await findOrStartPostgres(database);
const redis = await findOrStartRedis();
const env = {
  DATABASE_URL: postgres.url,
  REDIS_URL: redis.url,
  PORT: process.env.E2E_PORT ?? '3999',
  JWT_SECRET: randomBytes(48).toString('hex'),
  ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  CAPTCHA_PROVIDER: process.env.CAPTCHA_PROVIDER ?? 'altcha',
  WEB_DIST_DIR: join(ROOT, 'apps', 'web', 'dist'),
  REDIS_PREFIX: `e2e-${randomBytes(4).toString('hex')}`,
  LOG_LEVEL: 'warn',
  // The xlsx files of the export test: the API serves what the worker writes there.
  EXPORT_DIR: join(tmpdir(), `${database}-exports`),
  // The worker's stand-in completes every command, so the browser tests need no engine process.
  ENGINE: 'simulated',
};
migrate(env);
// One administrator per spec file: an enrolled authenticator secret is never shown again.
const password = process.env.E2E_ADMIN_PASSWORD ?? 'Admin!pass1';
const admins = (process.env.E2E_ADMINS ?? 'admin@example.com,ops@example.com,settings@example.com,csp@example.com,feed@example.com,logs@example.com,trading@example.com,mm@example.com,strategy@example.com,wizard@example.com,signals@example.com,positions@example.com,closes@example.com,tabs@example.com,stats@example.com,exports@example.com,sessions@example.com,live@example.com,live.watch@example.com,phone.operator.with.a.long.address@example.com').split(',');
cli(env, ['create-admin', ...admins.flatMap((email) => ['--email', email]), '--password', password]);
// Trading rows the console only reads (signals, orders, positions, metrics, triggers) come from the
// demo generator on an exchange account of its own, before any spec runs: the trading specs find them there.
cli(env, ['trading-data', ...Object.entries(E2E_TRADING_SIZES).flatMap(([flag, n]) => [`--${flag}`, String(n)])]);
await seedFixtures(env.DATABASE_URL);
const app = await startApiAndWorker(env, { quiet: !process.env.E2E_LOGS });
console.log(`e2e server ready on http://127.0.0.1:${env.PORT}`);

/**
 * Rows no screen of the console writes: engine log rows that carry a signal (their Signal links), and
 * a notification feed longer than a page, dated before anything a test does.
 */
async function seedFixtures(databaseUrl) {
  const pg = createRequire(join(ROOT, 'package.json'))('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO logs (created_at, type, event_type, signal_id, pair_name, log_data)
       SELECT now() - n * interval '1 minute', 'general', 'signal_received', 4100 + n % 3, 'BTCUSDT', jsonb_build_object('message', 'engine fixture ' || n)
         FROM generate_series(1, 6) AS n`,
    );
    await client.query(
      `INSERT INTO notifications (title, text_body, created_at)
       SELECT 'Engine report ' || n, 'Fixture notification ' || n || ' of the feed.', now() - interval '1 day' - n * interval '1 hour'
         FROM generate_series(1, 25) AS n`,
    );
    await copyOpenPositions(client);
  } finally {
    await client.end();
  }
}

/**
 * Open positions of their own for the closes test: each of the generator's open positions copied, on a
 * copy of its signal. The copies take the next ids of each table, and the tables are numbered apart (the
 * generator makes positions for some signals only), so no copy's id is its signal's id.
 */
async function copyOpenPositions(client) {
  const columns = async (table) =>
    (
      await client.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1 AND column_name <> 'id' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).rows.map((r) => `"${r.column_name}"`);
  const signalColumns = (await columns('signals')).join(', ');
  const positionColumns = await columns('positions');
  const positionValues = positionColumns.map((c) => (c === '"signal_id"' ? '$2::bigint' : c)).join(', ');
  const open = await client.query(`SELECT id, signal_id FROM positions WHERE state = 'open' ORDER BY id`);
  for (const position of open.rows) {
    const copy = await client.query(`INSERT INTO signals (${signalColumns}) SELECT ${signalColumns} FROM signals WHERE id = $1 RETURNING id`, [position.signal_id]);
    await client.query(`INSERT INTO positions (${positionColumns.join(', ')}) SELECT ${positionValues} FROM positions WHERE id = $1`, [position.id, copy.rows[0].id]);
  }
}

async function stop() {
  await app.stop();
  const server = new URL(postgres.url);
  server.pathname = '/postgres';
  await dropDatabase(server.toString(), database).catch(() => {});
  rmSync(env.EXPORT_DIR, { recursive: true, force: true });
  await redis.stop();
  await postgres.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
