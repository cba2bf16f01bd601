import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, EXCHANGE_ACCOUNT_MESSAGES, permsAll } from '@console/contracts';
import { strategySettingsV1 } from '../demo/trading-data';
import { startEngine, type TestEngine } from '../test/engine';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { importCandleRows, modelCandleRows } from '../test/candle-files';

const MIN = 60_000;
/** Stored prices are the model's of another seed times ten: a fill on the model's prices could not lie in their range. */
const SCALE = 10;
const STORE_START = Date.UTC(2026, 11, 6, 19, 0);

describe('an exchange account on the store market', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let engine: TestEngine | undefined;
  let uploads: string;
  let files: string;
  let admin: string;
  let accountId: number;

  beforeAll(async () => {
    uploads = await mkdtemp(`${tmpdir()}/store-market-uploads-`);
    files = await mkdtemp(`${tmpdir()}/store-market-files-`);
    ctx = await createTestApp({ CANDLE_IMPORT_DIR: uploads });
    worker = await startWorker(ctx);
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
  });
  afterAll(async () => {
    await engine?.stop();
    await worker?.close();
    await ctx?.close();
    await rm(uploads, { recursive: true, force: true });
    await rm(files, { recursive: true, force: true });
  });

  const accounts = () => ctx.http().post(`${API_PREFIX}${API_PATHS.exchangeAccounts}`).set(...auth(admin));
  const body = { title: 'Store', api_key: 'k', api_secret: 's', leverage: 1 };

  it('takes the market and the exchange on the account form, model and binance when left out, and refuses others', async () => {
    const plain = await accounts().send(body).expect(201);
    expect(plain.body).toMatchObject({ exchange: 'binance', market: 'model' });
    expect((await accounts().send({ ...body, market: 'random' }).expect(400)).body).toEqual({ market: [EXCHANGE_ACCOUNT_MESSAGES.marketInvalid] });
    expect((await accounts().send({ ...body, exchange: 'Binance!' }).expect(400)).body).toEqual({ exchange: [EXCHANGE_ACCOUNT_MESSAGES.exchangeInvalid] });
    const store = await accounts().send({ ...body, market: 'store', exchange: 'binance' }).expect(201);
    expect(store.body).toMatchObject({ market: 'store', exchange: 'binance' });
    accountId = store.body.id;
    // An update without the fields keeps them.
    const kept = await ctx.http().put(`${API_PREFIX}${API_PATHS.exchangeAccount(accountId)}`).set(...auth(admin)).send({ title: 'Store', api_key: 'k', leverage: 1 }).expect(200);
    expect(kept.body).toMatchObject({ market: 'store', exchange: 'binance' });
  });

  it('trades a profile on the stored candles: every fill lies within its minute’s low–high', async () => {
    // A fixed day, not today's: whether the strategy trades within the hours run depends on the prices met.
    const start = STORE_START;
    const first = start - 2 * 1440 * MIN;
    const minutes = 3 * 1440 + 60;
    // One stored minute is left out: the engine must not trade the pair on it.
    const missing = start + 90 * MIN;
    const rows = modelCandleRows('BTCUSDT', first, first + minutes * MIN, { seed: 11, scale: SCALE, skip: missing });
    const task = await importCandleRows(ctx, admin, { dir: files, exchange: 'binance', symbol: 'BTCUSDT', rows });
    expect(task.status).toBe('SUCCESS');

    // A profile on the store account, with a low threshold so it trades within hours.
    const settings = strategySettingsV1('long', '1h', 3);
    settings.signal_settings.atr_threshold_percents = 0.2;
    settings.signal_settings.start_point_coefficient = 0.05;
    for (const order of settings.order_management_settings.enter_orders) order.timer_minutes = 720;
    const [mm] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, status, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('MM', $1, 'active', 5, 1, 5000) RETURNING id`,
      [accountId],
    );
    const [tc] = await ctx.db.query(`INSERT INTO ticker_configs (title, status) VALUES ('Majors', 'active') RETURNING id`);
    const [pair] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('BTCUSDT', true) ON CONFLICT (ticker) DO UPDATE SET is_active = true RETURNING id`);
    await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tc.id, pair.id]);
    await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ('On the store', 'active', 'long', '1h', $1, $2, $3, $4)`,
      [accountId, mm.id, tc.id, JSON.stringify(settings)],
    );
    await ctx.db.query(`UPDATE bot_status SET status = 'enabled'`);

    engine = await startEngine(ctx, { seed: 1, startAt: start });
    await engine.advance(600);

    const filled: { price: string; low: string | null; high: string | null }[] = await ctx.db.query(
      `SELECT o.price::text, c.low::text, c.high::text
         FROM orders o LEFT JOIN candles c ON c.exchange = 'binance' AND c.symbol = 'BTCUSDT' AND c.minute = o.updated_at - interval '1 minute'
        WHERE o.exchange_account_id = $1 AND o.filled_quantity > 0`,
      [accountId],
    );
    expect(filled.length).toBeGreaterThan(0);
    for (const order of filled) {
      expect(order.low, `a fill at ${order.price} on a minute the store holds`).not.toBeNull();
      expect(Number(order.price)).toBeGreaterThanOrEqual(Number(order.low));
      expect(Number(order.price)).toBeLessThanOrEqual(Number(order.high));
    }
    // Nothing fills or changes on the minute the store lacks: the pair waits for the next stored minute.
    const onMissing = await ctx.db.query(`SELECT count(*)::int AS n FROM orders WHERE exchange_account_id = $1 AND updated_at = $2`, [accountId, new Date(missing + MIN)]);
    expect(onMissing[0].n).toBe(0);
  }, 180_000);
});
