import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENGINE_LOG_EVENTS,
  ORDER_STATES,
  REFERENCE_PRICES_USD,
  ORDER_STATUSES,
  POSITION_STATES,
  SIGNAL_STATES,
  SIGNAL_STATUSES,
  SIGNAL_STATUSES_OF_STATE,
  STRATEGY_PROFILE_STATUSES,
  validateStrategySettings,
} from '@console/contracts';
import { createPool, MINUTE_MS, PaperEngine } from '@console/engine/runtime';
import { createTestDatabase } from '../test/harness';
import { generateTradingData, TradingDataPresentError, type TradingDataSizes } from './trading-data';

const SIZES: TradingDataSizes = {
  accounts: 2,
  pairs: 6,
  tickerConfigs: 2,
  mmProfiles: 3,
  strategyProfiles: 21, // the 20th is a draft, the 10th stopping, the 7th and 14th inactive
  signals: 3000,
  ordersPerSignal: 3,
  logsPerSignal: 3,
  lostPositions: 2,
  metricsDays: 2,
  depositTransactionsPerAccount: 6,
  riskTriggers: 7,
};
const NOW = new Date('2026-03-01T10:20:30.456Z');

describe('trading data generator', () => {
  let drop: () => Promise<void>;
  let db: Client;
  const one = async <T = Record<string, unknown>>(sql: string): Promise<T> => (await db.query(sql)).rows[0] as T;
  const column = async (sql: string): Promise<unknown[]> => (await db.query(sql)).rows.map((r) => Object.values(r)[0]);

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    db = new Client({ connectionString: database.url });
    await db.connect();
    // Two pairs the contracts know a price for; the generator adds the rest with made-up levels.
    await db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('BTCUSDT', true), ('DOGEUSDT', true)`);
    const summary = await generateTradingData(db, SIZES, { now: NOW });
    expect(summary.rows).toMatchObject({ signals: 3000, orders: 9000, logs: 9000, strategy_profiles: 21, mm_profiles: 3, ticker_configs: 2 });
  }, 120_000);
  afterAll(async () => {
    await db.end();
    await drop();
  });

  it('writes the counts asked for', async () => {
    expect(
      await one(`SELECT (SELECT count(*)::int FROM exchange_accounts) AS accounts, (SELECT count(*)::int FROM pairs) AS pairs,
                        (SELECT count(*)::int FROM ticker_configs) AS configs, (SELECT count(*)::int FROM mm_profiles) AS mm,
                        (SELECT count(*)::int FROM strategy_profiles) AS profiles, (SELECT count(*)::int FROM signals) AS signals,
                        (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM logs WHERE signal_id IS NOT NULL) AS logs,
                        (SELECT count(*)::int FROM positions WHERE state IS NULL) AS lost, (SELECT count(*)::int FROM deposit_transactions) AS deposits,
                        (SELECT count(*)::int FROM risk_triggers) AS triggers, (SELECT status FROM bot_status) AS bot`),
    ).toEqual({ accounts: 2, pairs: 6, configs: 2, mm: 3, profiles: 21, signals: 3000, orders: 9000, logs: 9000, lost: 2, deposits: 12, triggers: 7, bot: 'enabled' });
    // Every signal has its enter orders and one exit order.
    expect(
      await column(`SELECT count(*)::int FROM (SELECT signal_id FROM orders GROUP BY signal_id
                     HAVING count(*) FILTER (WHERE order_type = 'enter') <> 2 OR count(*) FILTER (WHERE order_type = 'exit') <> 1) x`),
    ).toEqual([0]);
  });

  it('keeps every value inside its set, and each signal state under its statuses', async () => {
    expect(await column(`SELECT DISTINCT status FROM strategy_profiles ORDER BY 1`)).toEqual([...STRATEGY_PROFILE_STATUSES].sort());
    // Every signal state occurs, each under a status it allows.
    const pairs = (await db.query(`SELECT DISTINCT state, status FROM signals`)).rows as { state: keyof typeof SIGNAL_STATUSES_OF_STATE; status: string }[];
    expect(new Set(pairs.map((p) => p.state))).toEqual(new Set(SIGNAL_STATES));
    expect(new Set(pairs.map((p) => p.status))).toEqual(new Set(SIGNAL_STATUSES));
    for (const { state, status } of pairs) expect(SIGNAL_STATUSES_OF_STATE[state]).toContain(status);
    expect(ORDER_STATUSES).toEqual(expect.arrayContaining(await column(`SELECT DISTINCT status FROM orders`)));
    expect(ORDER_STATES).toEqual(expect.arrayContaining(await column(`SELECT DISTINCT state FROM orders`)));
    expect(await column(`SELECT DISTINCT state FROM positions WHERE state IS NOT NULL ORDER BY 1`)).toEqual([...POSITION_STATES].sort());
    // A draft trades nothing; every other profile has a whole v1 settings document.
    expect(await column(`SELECT count(*)::int FROM signals s JOIN strategy_profiles p ON p.id = s.profile_id WHERE p.status = 'draft'`)).toEqual([0]);
    const keys = await column(`SELECT DISTINCT (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(settings) k) FROM strategy_profiles WHERE status <> 'draft'`);
    // The documents pass the wizard's rules: whole for finished profiles, block by block for drafts.
    for (const { status, settings } of (await db.query(`SELECT status, settings FROM strategy_profiles`)).rows) {
      expect({ status, errors: validateStrategySettings(settings, { partial: status === 'draft' }) }).toEqual({ status, errors: {} });
    }
    expect(keys).toEqual([
      [
        'delisting_settings',
        'deviation_settings',
        'indications_settings',
        'monitoring_tag_settings',
        'order_management_settings',
        'signal_settings',
        'single_cases_settings',
      ],
    ]);
  });

  it('ties every order, position and log to an existing signal of the same account, profile and pair', async () => {
    expect(
      await one(`SELECT (SELECT count(*)::int FROM orders o LEFT JOIN signals s ON s.id = o.signal_id AND s.exchange_account_id = o.exchange_account_id
                           AND s.profile_id = o.profile_id AND s.pair_id = o.pair_id WHERE s.id IS NULL) AS orders,
                        (SELECT count(*)::int FROM positions p LEFT JOIN signals s ON s.id = p.signal_id AND s.pair_id = p.pair_id AND s.profile_id = p.profile_id
                          WHERE p.state IS NOT NULL AND s.id IS NULL) AS positions,
                        (SELECT count(*)::int FROM logs l LEFT JOIN signals s ON s.id = l.signal_id AND s.pair_id = l.pair_id AND s.profile_id = l.profile_id
                          WHERE l.signal_id IS NOT NULL AND s.id IS NULL) AS logs,
                        (SELECT count(*)::int FROM logs l LEFT JOIN orders o ON o.id = l.order_id AND o.signal_id = l.signal_id
                          WHERE l.order_id IS NOT NULL AND o.id IS NULL) AS log_orders,
                        -- a signal trades a pair of its profile's ticker list
                        (SELECT count(*)::int FROM signals s JOIN strategy_profiles p ON p.id = s.profile_id
                          WHERE NOT EXISTS (SELECT 1 FROM ticker_config_pairs t WHERE t.ticker_config_id = p.ticker_config_id AND t.pair_id = s.pair_id)) AS foreign_pairs`),
    ).toEqual({ orders: 0, positions: 0, logs: 0, log_orders: 0, foreign_pairs: 0 });
    expect((await one<{ n: number }>(`SELECT count(*)::int AS n FROM logs WHERE order_id IS NOT NULL`)).n).toBeGreaterThan(0);
  });

  it('gives orders the outcome of their signal', async () => {
    const wrong = await one(`
      SELECT count(*) FILTER (WHERE s.state = 'finished' AND (o.status <> 'FILLED' OR o.filled_quantity <> o.quantity)) AS finished_not_filled,
             count(*) FILTER (WHERE s.status NOT IN ('active', 'in_queue') AND o.status IN ('PLACED', 'PLACING', 'PARTIALLY_FILLED')) AS closed_signal_open_order,
             count(*) FILTER (WHERE s.status IN ('missed', 'canceled') AND o.filled_quantity > 0) AS unfilled_signal_with_fills,
             count(*) FILTER (WHERE o.state <> CASE WHEN o.status LIKE 'CANCELED\\_%' THEN 'CANCELED' ELSE o.status END) AS state_not_status,
             count(*) FILTER (WHERE (o.exchange_order_id IS NULL) <> (o.status IN ('PLACING', 'PLACEMENT_FAILED'))) AS exchange_id,
             count(*) FILTER (WHERE o.position_direction <> s.direction
                              OR o.direction <> CASE WHEN (s.direction = 'long') = (o.order_type = 'enter') THEN 'buy' ELSE 'sell' END) AS sides,
             count(*) FILTER (WHERE o.created_at < s.created_at OR o.created_at > coalesce(s.finished_at, $1)) AS outside_signal_time
        FROM orders o JOIN signals s ON s.id = o.signal_id`.replace('$1', `'${NOW.toISOString()}'`));
    expect(Object.values(wrong).map(Number)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('prices each pair near its coin\'s level, so coins and prices agree', async () => {
    const levels = (
      await db.query(
        `SELECT p.ticker, min(s.start_point)::float AS low, max(s.start_point)::float AS high,
                count(*) FILTER (WHERE abs(s.size_currency - s.size_coins * s.start_point) > 0.01)::int AS size_mismatch
           FROM signals s JOIN pairs p ON p.id = s.pair_id WHERE p.ticker IN ('BTCUSDT', 'DOGEUSDT') GROUP BY p.ticker ORDER BY p.ticker`,
      )
    ).rows;
    expect(levels.map((l) => l.ticker)).toEqual(['BTCUSDT', 'DOGEUSDT']);
    const [btc, doge] = levels;
    expect(btc.low).toBeGreaterThanOrEqual(REFERENCE_PRICES_USD.BTC * 0.9);
    expect(btc.high).toBeLessThanOrEqual(REFERENCE_PRICES_USD.BTC * 1.1);
    expect(doge.low).toBeGreaterThanOrEqual(REFERENCE_PRICES_USD.DOGE * 0.9);
    expect(doge.high).toBeLessThanOrEqual(REFERENCE_PRICES_USD.DOGE * 1.1);
    expect([btc.size_mismatch, doge.size_mismatch]).toEqual([0, 0]);
    // Open and lost positions: their dollar size is their coins at their price.
    expect(
      Number(
        (await one<{ n: string }>(`SELECT count(*) AS n FROM positions WHERE active_p_coins > 0 AND abs(active_p_size_usd - active_p_coins * current_price) > 0.01 * active_p_size_usd`)).n,
      ),
    ).toBe(0);
  });

  it('keeps positions consistent with their orders', async () => {
    const wrong = await one(`
      WITH filled AS (
        SELECT signal_id, sum(filled_quantity) FILTER (WHERE order_type = 'enter') AS entered, sum(filled_quantity) FILTER (WHERE order_type = 'exit') AS exited,
               bool_and(status = 'FILLED') AS all_filled
          FROM orders GROUP BY signal_id)
      SELECT count(*) FILTER (WHERE p.state = 'closed' AND (p.closed_at IS NULL OR p.closed_at <> s.finished_at OR NOT f.all_filled OR s.state <> 'finished')) AS closed,
             count(*) FILTER (WHERE p.state = 'open' AND (p.closed_at IS NOT NULL OR s.status <> 'active')) AS open,
             count(*) FILTER (WHERE p.active_p_coins <> f.entered - f.exited) AS coins,
             count(*) FILTER (WHERE p.state = 'open' AND p.active_p_coins <= 0) AS empty_open,
             count(*) FILTER (WHERE p.side <> s.direction) AS side
        FROM positions p JOIN signals s ON s.id = p.signal_id JOIN filled f ON f.signal_id = p.signal_id`);
    expect(Object.values(wrong).map(Number)).toEqual([0, 0, 0, 0, 0]);
    // A signal has a position exactly when one of its orders filled something; every finished one has a closed position.
    expect(
      await one(`SELECT (SELECT count(*)::int FROM signals s WHERE EXISTS (SELECT 1 FROM orders o WHERE o.signal_id = s.id AND o.filled_quantity > 0)
                           <> EXISTS (SELECT 1 FROM positions p WHERE p.signal_id = s.id)) AS mismatched,
                        (SELECT count(*)::int FROM signals s WHERE s.status = 'finished') = (SELECT count(*)::int FROM positions WHERE state = 'closed') AS all_closed`),
    ).toEqual({ mismatched: 0, all_closed: true });
  });

  it('writes one metrics row per account and minute over the days asked for, without gaps', async () => {
    const rows = (
      await db.query(
        `SELECT exchange_account_id, count(*)::int AS n, min(at) AS first, max(at) AS last,
                count(*) = (extract(epoch FROM max(at) - min(at)) / 60)::int + 1 AS no_gaps
           FROM account_metrics GROUP BY 1 ORDER BY 1`,
      )
    ).rows;
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r).toMatchObject({ n: 2 * 1440 + 1, no_gaps: true });
      expect(r.last.toISOString()).toBe('2026-03-01T10:20:00.000Z');
      expect(r.first.toISOString()).toBe('2026-02-27T10:20:00.000Z');
    }
  });

  it('chains deposit transactions (each starts from the deposit the one before left) up to the sum of the MM quotas', async () => {
    expect(
      await column(`SELECT count(*)::int FROM (SELECT deposit_before, lag(deposit_after, 1, 0::numeric) OVER (PARTITION BY exchange_account_id ORDER BY created_at, id) AS before
                      FROM deposit_transactions) x WHERE deposit_before <> before`),
    ).toEqual([0]);
    expect(await column(`SELECT DISTINCT type FROM deposit_transactions ORDER BY 1`)).toEqual(['deposit', 'reinvest', 'withdrawal']);
    // Each account's MM deposit (its newest transaction) is the sum of its MM profiles' quotas.
    expect(
      (
        await db.query(`SELECT a.deposit_after = (SELECT sum(all_signals_quota) FROM mm_profiles m WHERE m.exchange_account_id = a.exchange_account_id) AS equal
                          FROM (SELECT DISTINCT ON (exchange_account_id) exchange_account_id, deposit_after FROM deposit_transactions
                                 ORDER BY exchange_account_id, created_at DESC, id DESC) a`)
      ).rows,
    ).toEqual([{ equal: true }, { equal: true }]);
  });

  it('refuses a second run on the same database and changes nothing', async () => {
    const counts = `SELECT (SELECT count(*) FROM signals) s, (SELECT count(*) FROM orders) o, (SELECT count(*) FROM strategy_profiles) p,
                           (SELECT count(*) FROM account_metrics) m, (SELECT count(*) FROM logs) l, (SELECT count(*) FROM exchange_accounts) a`;
    const before = await one(counts);
    await expect(generateTradingData(db, { ...SIZES, accounts: 5 }, { now: NOW })).rejects.toBeInstanceOf(TradingDataPresentError);
    expect(await one(counts)).toEqual(before);
    // The indexes dropped for the load are back, as the migrations made them.
    const indexes = `SELECT indexdef FROM pg_indexes WHERE tablename IN ('signals', 'orders', 'positions') ORDER BY indexname`;
    const fresh = await createTestDatabase();
    const freshDb = new Client({ connectionString: fresh.url });
    await freshDb.connect();
    try {
      expect(await column(indexes)).toEqual((await freshDb.query(indexes)).rows.map((r) => r.indexdef));
    } finally {
      await freshDb.end();
      await fresh.drop();
    }
  });

  it('refuses sizes it cannot honour before writing anything', async () => {
    await expect(generateTradingData(db, { ...SIZES, ordersPerSignal: 1 })).rejects.toThrow('ordersPerSignal must be between 2 and 20');
    await expect(generateTradingData(db, { ...SIZES, tickerConfigs: 7 })).rejects.toThrow('tickerConfigs must not exceed pairs');
    await expect(generateTradingData(db, { ...SIZES, signals: 1.5 })).rejects.toThrow('Size signals must be a whole number');
  });
});

describe('the engine over generated rows', () => {
  // Profiles on hours and days only: a monthly one warms up years of the model's minutes per pair.
  const sizes: TradingDataSizes = { ...SIZES, strategyProfiles: 3, signals: 300 };
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Client;
  const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
    await db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('BTCUSDT', true), ('DOGEUSDT', true)`);
    await generateTradingData(db, sizes, { now: NOW });
  }, 120_000);
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('are rows it can run on: minutes traded over them raise no error, and an open signal closes at market', async () => {
    const [open] = await rows(`SELECT s.id::text, p.id::text AS position FROM signals s JOIN positions p ON p.signal_id = s.id AND p.state = 'open' WHERE s.status = 'active' ORDER BY s.id LIMIT 1`);
    expect(open).toBeDefined();
    const [unfinished] = await rows(`SELECT count(*)::int AS n FROM signals WHERE finished_at IS NULL`);
    await db.query(`UPDATE positions SET action_state = 'CLOSING' WHERE id = $1`, [open.position]);
    const [command] = await rows(
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ('close_market', 'position', $1, '{}', 'generator-close') RETURNING id::text`,
      [open.position],
    );
    const pool = createPool(database.url, () => undefined);
    try {
      const engine = await PaperEngine.open(pool, { seed: 1, startAt: Math.floor(NOW.getTime() / MINUTE_MS) * MINUTE_MS });
      await engine.commands();
      await engine.advance(engine.lastMinute + 3 * MINUTE_MS);
    } finally {
      await pool.end();
    }
    expect(await rows(`SELECT status, error FROM engine_commands WHERE id = $1`, [command.id])).toEqual([{ status: 'succeeded', error: null }]);
    expect(await rows(`SELECT state FROM positions WHERE signal_id = $1`, [open.id])).toEqual([{ state: 'closed' }]);
    // Every open signal the generator wrote was taken over: none refused.
    expect(unfinished.n).toBeGreaterThan(0);
    expect(await rows(`SELECT count(DISTINCT signal_id)::int AS n FROM logs WHERE event_type = $1`, [ENGINE_LOG_EVENTS.signalAdopted])).toEqual([unfinished]);
  }, 120_000);
});
