#!/usr/bin/env node
// The app as the browser tests see it: a fresh database, the real bot-check, the built SPA, and the
// bundled paper engine as its own process (as `npm start` runs it), which adopts the generator's rows.
// Playwright starts this as its web server and stops it with SIGTERM.
// E2E_ENGINE=paper: the engine on a fast clock, with a demo market and no generator rows instead
// (the paper engine spec starts such a server of its own).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, findOrStartPostgres, findOrStartRedis } from './lib/services.mjs';
import { cli, migrate, startApiAndWorker } from './lib/app.mjs';
import { ROOT } from './lib/toolchain.mjs';

const paper = process.env.E2E_ENGINE === 'paper';
const database = `console_e2e_${paper ? 'paper_' : ''}${randomBytes(4).toString('hex')}`;
/** The generator's sizes for the browser tests: every trading table has rows, three months of metrics for the charts. */
const E2E_TRADING_SIZES = { signals: 300, 'orders-per-signal': 3, 'logs-per-signal': 1, 'metrics-days': 90 };
/**
 * The paper engine on a fast clock: a market minute each 400 ms, starting six hours back, so a test has
 * two hours and more of market minutes before the clock meets the wall clock's pace. One API process.
 */
const PAPER_ENV = { ENGINE_MINUTE_MS: '400', ENGINE_CATCH_UP_MINUTES: '360', API_WORKERS: '1' };
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
  // The candle files the market data test uploads wait there for the worker.
  CANDLE_IMPORT_DIR: join(tmpdir(), `${database}-candle-imports`),
  // The alert channels test's webhook receiver listens on 127.0.0.1.
  ALERT_PRIVATE_TARGETS: 'allow',
  // The Telegram test's stand-in for the Bot API listens there (nothing does outside that test); a short
  // long-poll so a linked chat's answers come soon.
  TELEGRAM_API_BASE_URL: `http://127.0.0.1:${Number(process.env.E2E_PORT ?? '3999') + 1000}`,
  TELEGRAM_POLL_TIMEOUT_S: '2',
  // No daily report: the specs read the notifications feed as they made it.
  DAILY_REPORT_HOUR_UTC: '24',
  // No metrics ports: several test servers may run on one machine at once.
  METRICS_PORT: '0',
  WORKER_METRICS_PORT: '0',
  ENGINE_METRICS_PORT: '0',
  ...(paper ? PAPER_ENV : {}),
};
migrate(env);
// One administrator per spec file: an enrolled authenticator secret is never shown again.
const password = process.env.E2E_ADMIN_PASSWORD ?? 'Admin!pass1';
const admins = (process.env.E2E_ADMINS ?? 'admin@example.com,ops@example.com,settings@example.com,csp@example.com,feed@example.com,logs@example.com,trading@example.com,mm@example.com,strategy@example.com,wizard@example.com,signals@example.com,positions@example.com,closes@example.com,tabs@example.com,stats@example.com,exports@example.com,sessions@example.com,tokens@example.com,channels@example.com,live@example.com,live.watch@example.com,market@example.com,candles@example.com,phone.operator.with.a.long.address@example.com,a11y@example.com,backtests@example.com,alerts@example.com,telegram@example.com').split(',');
cli(env, ['create-admin', ...admins.flatMap((email) => ['--email', email]), '--password', password]);
if (paper) await seedPaperMarket(env.DATABASE_URL);
else {
  // Trading rows the console only reads (signals, orders, positions, metrics, triggers) come from the
  // demo generator on an exchange account of its own, before any spec runs: the trading specs find them there.
  cli(env, ['trading-data', ...Object.entries(E2E_TRADING_SIZES).flatMap(([flag, n]) => [`--${flag}`, String(n)])]);
  await seedFixtures(env.DATABASE_URL);
}
const app = await startApiAndWorker(env, { quiet: !process.env.E2E_LOGS });
console.log(`e2e server ready on http://127.0.0.1:${env.PORT}`);

/**
 * The paper engine's demo market: an exchange account with a 10,000 USDT deposit, an active MM profile, an
 * active ticker config of four pairs, the bot on, and a finished strategy profile left for the test to
 * start. Its settings make a signal at once on a free pair: no ATR threshold, the start point at the
 * last close, one enter order half an ATR above it (a limit that crosses: filled on placement), the exit
 * a whole ATR of daily bars up and no exit rule to pull it closer, so positions stay open for a while.
 */
async function seedPaperMarket(databaseUrl) {
  const settings = {
    signal_settings: {
      timeframe: '1d', atr_n_periods: 5, atr_smooth_algo: 'sma', atr_threshold_percents: 0, price_direction: 'grow',
      start_point_coefficient: 0, timer_minutes: 1, signal_duration_minutes: 1440, is_atr_minus_1: false,
    },
    order_management_settings: {
      orders_quantity: 1,
      enter_orders: [{ atr_distance_coefficient: -0.5, size_percent: 100, timer_minutes: 30 }],
      is_exit_rule_by_time: false, is_exit_rule_by_distance: false, is_exit_rule_by_time_and_distance: false,
      atr_timer: 15, change_of_atr_percentage: 10, exit_order_place_coefficient: 1, size_timer_minutes: 30,
      high_low_change_percentage: 5, high_low_change_timer: 30,
    },
    deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
    single_cases_settings: { is_enabled: false },
    monitoring_tag_settings: { block_signals: false },
    delisting_settings: { block_signals: true },
  };
  const pg = createRequire(join(ROOT, 'package.json'))('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const account = await client.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Paper desk', 'paper-demo-key', 'paper', 1) RETURNING id`);
    const accountId = account.rows[0].id;
    await client.query(`INSERT INTO deposit_transactions (exchange_account_id, type, amount, deposit_before, deposit_after) VALUES ($1, 'deposit', 10000, 0, 10000)`, [accountId]);
    const mm = await client.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Paper MM', $1, 'active', 10, 1, 5000) RETURNING id`,
      [accountId],
    );
    const tickers = await client.query(`INSERT INTO ticker_configs (title, status) VALUES ('Paper majors', 'active') RETURNING id`);
    for (const ticker of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'DOGEUSDT']) {
      const pair = await client.query(
        `INSERT INTO pairs (ticker, is_active) VALUES ($1, true) ON CONFLICT (ticker) DO UPDATE SET is_active = true RETURNING id`,
        [ticker],
      );
      await client.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tickers.rows[0].id, pair.rows[0].id]);
    }
    await client.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ('Quick trend', 'inactive', 'long', '1d', $1, $2, $3, $4)`,
      [accountId, mm.rows[0].id, tickers.rows[0].id, JSON.stringify(settings)],
    );
    await client.query(`UPDATE bot_status SET status = 'enabled'`);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/**
 * Rows no screen of the console writes: engine log rows that carry a signal (their Signal links), a
 * notification feed longer than a page, dated before anything a test does, and waiting signals.
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
    await waitingSignals(client);
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

/**
 * Signals the engine keeps open while the tests run, so a test has open signals and orders to cancel
 * whatever the engine did to the generator's few: active, nothing filled (active_np), each with a ladder of
 * two buy orders PLACED at half and two fifths of the pair's price, which the market does not reach.
 * The engine adopts them as they are. Their profile, "Waiting ladder", is a copy of a long profile of
 * the generator's, inactive (it starts no signal of its own; the engine still steps its open ones), so
 * a test finds them by its title. Made now, so no timer of theirs runs out during the suite.
 */
async function waitingSignals(client) {
  const { rows } = await client.query(
    `SELECT sp.id AS source_id, sp.exchange_account_id, sp.timeframe, tcp.pair_id, s.start_point
       FROM strategy_profiles sp
       JOIN ticker_config_pairs tcp ON tcp.ticker_config_id = sp.ticker_config_id
       JOIN LATERAL (SELECT start_point FROM signals WHERE pair_id = tcp.pair_id AND start_point IS NOT NULL ORDER BY id DESC LIMIT 1) s ON true
      WHERE sp.status = 'active' AND sp.profile_direction = 'long' AND sp.settings IS NOT NULL
      ORDER BY sp.id, tcp.pair_id LIMIT 1`,
  );
  const [at] = rows;
  if (!at) throw new Error('the generator made no active long profile with a priced pair');
  const profile = await client.query(
    `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
     SELECT 'Waiting ladder', 'inactive', profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings FROM strategy_profiles WHERE id = $1 RETURNING id`,
    [at.source_id],
  );
  at.profile_id = profile.rows[0].id;
  for (let i = 0; i < 6; i++) {
    const signal = await client.query(
      `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, size_currency, size_coins, start_point)
       VALUES ($1, $2, $3, $4, 'long', 'active', 'active_np', 100, 2, $5) RETURNING id`,
      [at.exchange_account_id, at.profile_id, at.pair_id, at.timeframe, at.start_point],
    );
    for (const factor of [0.5, 0.4]) {
      await client.query(
        `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, state, status, exchange_status, time_in_force)
         VALUES ($1, $2, $3, $4, 'enter', 'buy', 'long', round($5::numeric * $6, 6), 1, 'PLACED', 'PLACED', 'NEW', 'GTC')`,
        [signal.rows[0].id, at.exchange_account_id, at.profile_id, at.pair_id, at.start_point, factor],
      );
    }
  }
}

async function stop() {
  await app.stop();
  const server = new URL(postgres.url);
  server.pathname = '/postgres';
  await dropDatabase(server.toString(), database).catch(() => {});
  rmSync(env.EXPORT_DIR, { recursive: true, force: true });
  rmSync(env.CANDLE_IMPORT_DIR, { recursive: true, force: true });
  await redis.stop();
  await postgres.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
