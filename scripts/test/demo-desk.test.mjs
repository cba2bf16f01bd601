// `npm start -- --demo` gives a desk at work: after the demo fill as the start makes it (migrate, seed-demo,
// the paper engine's history run), the database holds open positions and open orders at the end and at
// every hour of the history after its first day, tens of signals a day, winning and losing profiles, and
// the counts the start prints are the database's. Needs the build and PostgreSQL and Redis as `npm start`
// finds them. DEMO_TEST_DAYS (default 10) sets the history's length: the start's default takes minutes.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { cli, engineHistory, migrate } from '../lib/app.mjs';
import { withClient } from '../bench/bench-db.mjs';
import { scratchServices } from './scratch.mjs';

const DAYS = Number(process.env.DEMO_TEST_DAYS ?? 10);
let services;
let env;

before(async () => {
  services = await scratchServices('console_demo_desk');
  env = { DATABASE_URL: services.postgres.url, REDIS_URL: services.redis.url, JWT_SECRET: randomBytes(48).toString('hex'), ENCRYPTION_KEY: randomBytes(32).toString('hex'), DEMO_HISTORY_DAYS: String(DAYS) };
  migrate(env);
  cli(env, ['seed-demo']);
  engineHistory(env);
});

after(async () => {
  await services?.stop();
});

const query = (sql, params) => withClient(env.DATABASE_URL, async (db) => (await db.query(sql, params)).rows);

test('at the end of the fill: several open positions and open orders, tens of signals a day', async () => {
  const [now] = await query(
    `SELECT (SELECT count(*)::int FROM positions WHERE state = 'open') AS open_positions,
            (SELECT count(*)::int FROM orders WHERE status IN ('PLACED', 'PLACING')) AS open_orders,
            (SELECT count(*)::float8 / $1 FROM signals) AS signals_per_day`,
    [DAYS],
  );
  assert.ok(now.open_positions >= 3, `open positions: ${now.open_positions}`);
  assert.ok(now.open_orders >= 2, `open orders: ${now.open_orders}`);
  assert.ok(now.signals_per_day >= 20, `signals a day: ${now.signals_per_day}`);
});

test('at every hour of the history after its first day, at least three positions and two orders are open', async () => {
  // A position is open from its first fill to its close; an order from its placing to its last change
  // once it is no longer open (its final status is written at that change).
  const hours = await query(
    `WITH span AS (SELECT min(created_at) AS first FROM signals),
          t AS (SELECT generate_series(date_trunc('hour', first) + interval '1 day', now() - interval '1 minute', interval '1 hour') AS at FROM span)
     SELECT t.at,
            (SELECT count(*)::int FROM positions p WHERE p.created_at <= t.at AND (p.closed_at IS NULL OR p.closed_at > t.at)) AS positions,
            (SELECT count(*)::int FROM orders o WHERE o.created_at <= t.at AND (o.status IN ('PLACED', 'PLACING', 'PARTIALLY_FILLED') OR o.updated_at > t.at)) AS orders
       FROM t ORDER BY t.at`,
  );
  assert.ok(hours.length >= 24 * (DAYS - 2), `hours looked at: ${hours.length}`);
  const thin = hours.filter((h) => h.positions < 3 || h.orders < 2);
  assert.deepEqual(thin, [], `hours with fewer than 3 open positions or 2 open orders: ${thin.length} of ${hours.length}`);
});

test('profiles both win and lose: the mix is the market\'s, not tuned', async () => {
  const profiles = await query(
    `SELECT profile_id, sum(r_pnl)::float8 AS pnl FROM positions WHERE state = 'closed' GROUP BY profile_id`,
  );
  assert.ok(profiles.length >= 6, `profiles with closed positions: ${profiles.length}`);
  assert.ok(profiles.some((p) => p.pnl > 0) && profiles.some((p) => p.pnl < 0), JSON.stringify(profiles));
  // Several time frames and every active pair traded.
  const [spread] = await query(`SELECT count(DISTINCT timeframe)::int AS timeframes, count(DISTINCT pair_id)::int AS pairs FROM signals`);
  assert.ok(spread.timeframes >= 3, `time frames: ${spread.timeframes}`);
  assert.equal(spread.pairs, 10);
});

test('the counts the start prints are the database\'s', async () => {
  const printed = JSON.parse(cli(env, ['desk-counts', '--json']));
  const [db] = await query(
    `SELECT (SELECT count(*)::int FROM signals) AS signals,
            (SELECT count(*)::int FROM positions WHERE state = 'open') AS open_positions,
            (SELECT count(*)::int FROM orders WHERE status IN ('PLACED', 'PLACING')) AS open_orders,
            (SELECT count(*)::int FROM strategy_profiles WHERE status = 'active') AS active_profiles,
            (SELECT count(DISTINCT pair_id)::int FROM signals) AS traded_pairs`,
  );
  assert.deepEqual({ ...printed, signals_per_day: undefined }, { ...db, signals_per_day: undefined });
  assert.ok(Math.abs(printed.signals_per_day - db.signals / DAYS) <= 0.05 * printed.signals_per_day, `${printed.signals_per_day} a day`);
  assert.match(cli(env, ['desk-counts']), new RegExp(`^the desk: ${db.signals} signals \\(.* a day\\), ${db.open_positions} open positions, ${db.open_orders} open orders, ${db.active_profiles} active profiles on ${db.traded_pairs} pairs$`));
});
