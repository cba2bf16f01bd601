import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, BACKTEST_MESSAGES, BACKTEST_PATHS, MARKET_DATA_PATHS, permsAll, type Backtest, type BacktestTradeRow } from '@console/contracts';
import { strategySettingsV1 } from '../demo/trading-data';
import { importCandleRows, modelCandleRows } from '../test/candle-files';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { startWorker } from '../test/worker';

const MIN = 60_000;
const DAY = 1440 * MIN;
/** The first traded minute; the store holds two days of warm-up before it and two days from it. */
const FROM = Date.UTC(2024, 2, 1);
const FIRST_STORED = FROM - 2 * DAY;
const END_STORED = FROM + 2 * DAY;
/** Stored prices are the model's times ten: a run that read the model instead could not trade in their range. */
const SCALE = 10;
const iso = (ms: number) => new Date(ms).toISOString();
const isoMinute = (ms: number) => iso(ms).replace('.000Z', 'Z');

describe('backtests on the candle store', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let uploads: string;
  let files: string;
  let admin: string;
  let profileId: number;
  let ethId: number;

  const post = (body: object) => ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.list}`).set(...auth(admin)).send(body);
  const get = (path: string) => ctx.http().get(`${API_PREFIX}${path}`).set(...auth(admin));
  const body = (over: object = {}) => ({ profile_id: profileId, market: 'store', date_from: iso(FROM), date_until: iso(END_STORED), deposit: '10000', slippage_rate: '0', ...over });

  beforeAll(async () => {
    uploads = await mkdtemp(`${tmpdir()}/backtests-store-uploads-`);
    files = await mkdtemp(`${tmpdir()}/backtests-store-files-`);
    ctx = await createTestApp({ CANDLE_IMPORT_DIR: uploads });
    worker = await startWorker(ctx);
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;

    // BTCUSDT's minutes imported into the store as an operator does, through the imports route.
    const rows = modelCandleRows('BTCUSDT', FIRST_STORED, END_STORED, { seed: 11, scale: SCALE });
    const task = await importCandleRows(ctx, admin, { dir: files, exchange: 'binance', symbol: 'BTCUSDT', rows });
    expect(task.status).toBe('SUCCESS');

    const settings = strategySettingsV1('long', '1h', 3);
    settings.signal_settings.atr_threshold_percents = 0.2;
    settings.signal_settings.start_point_coefficient = 0.3;
    const [account] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, exchange) VALUES ('Store desk', 'k', 'x', 1, 'binance') RETURNING id`);
    const [mm] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Store MM', $1, 5, 1, 5000) RETURNING id`,
      [account.id],
    );
    const [tc] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('Stored') RETURNING id`);
    const [btc] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('BTCUSDT', true) ON CONFLICT (ticker) DO UPDATE SET is_active = true RETURNING id`);
    const [eth] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('ETHUSDT', true) ON CONFLICT (ticker) DO UPDATE SET is_active = true RETURNING id`);
    ethId = eth.id;
    await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tc.id, btc.id]);
    const [profile] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ('Store trend', 'draft', 'long', $1, $2, $3, $4) RETURNING id`,
      [account.id, mm.id, tc.id, JSON.stringify(settings)],
    );
    profileId = profile.id;
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
    await rm(uploads, { recursive: true, force: true });
    await rm(files, { recursive: true, force: true });
  });

  it('trades the stored minutes: every trade’s prices lie within the stored low–high of its span', async () => {
    const created = await post(body()).expect(201);
    let run!: Backtest;
    await waitUntil(async () => {
      run = (await get(BACKTEST_PATHS.one(created.body.id)).expect(200)).body;
      return !['PENDING', 'RUNNING'].includes(run.status);
    }, 120_000);
    expect(run.error).toBeNull();
    expect(run.status).toBe('SUCCESS');
    expect(run.inputs).toMatchObject({ market: 'store', exchange: 'binance', seed: null });
    const trades: BacktestTradeRow[] = (await get(`${BACKTEST_PATHS.trades(run.id)}?page_size=100`).expect(200)).body.results;
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.length).toBe(run.figures?.trade_count);
    for (const t of trades) {
      const [range] = await ctx.db.query(
        `SELECT min(low)::float8 AS low, max(high)::float8 AS high FROM candles WHERE exchange = 'binance' AND symbol = 'BTCUSDT' AND minute >= $1 AND minute <= $2`,
        [t.entry_at, t.exit_at],
      );
      for (const price of [Number(t.entry_price), Number(t.exit_price)]) {
        expect(price, `trade ${t.entry_at}–${t.exit_at}`).toBeGreaterThanOrEqual(range.low);
        expect(price, `trade ${t.entry_at}–${t.exit_at}`).toBeLessThanOrEqual(range.high);
      }
    }
  }, 180_000);

  it('answers a store run’s candles as the store’s own read of them, over the run’s period', async () => {
    const [run] = (await get(`${BACKTEST_PATHS.list}?status=SUCCESS&market=store`).expect(200)).body.results as Backtest[];
    const bars = (await get(`${BACKTEST_PATHS.candles(run.id)}?pair=BTCUSDT&timeframe=1h`).expect(200)).body;
    const stored = (await get(`${MARKET_DATA_PATHS.candles}?exchange=binance&symbol=BTCUSDT&timeframe=1h&from=${iso(FROM)}&to=${iso(END_STORED - MIN)}`).expect(200)).body;
    expect(bars).toHaveLength(48);
    expect(bars).toEqual(stored);
    // The store holds the model's prices times ten: these are the stored ones, not the model's.
    expect(bars[0].open).toBe(modelCandleRows('BTCUSDT', FROM, FROM + MIN, { seed: 11, scale: SCALE })[1].split(',')[1]);
    expect((await get(`${BACKTEST_PATHS.candles(run.id)}?pair=ETHUSDT&timeframe=1h`).expect(400)).body).toEqual({ pair: [BACKTEST_MESSAGES.pairNotInRun('ETHUSDT', ['BTCUSDT'])] });
  });

  it('refuses a period or a pair the store does not cover, naming what is missing', async () => {
    const refusal = async (over: object) => (await post(body(over)).expect(400)).body;
    expect(await refusal({ date_from: iso(FIRST_STORED - DAY) })).toEqual({
      date_from: [BACKTEST_MESSAGES.storeMissingSpan('BTCUSDT', 'binance', isoMinute(FIRST_STORED - DAY), isoMinute(FIRST_STORED))],
    });
    expect(await refusal({ date_until: iso(END_STORED + 3 * DAY) })).toEqual({
      date_until: [BACKTEST_MESSAGES.storeMissingSpan('BTCUSDT', 'binance', isoMinute(END_STORED), isoMinute(END_STORED + 3 * DAY))],
    });
    expect(await refusal({ pairs: [ethId] })).toEqual({ pairs: [BACKTEST_MESSAGES.storeNoCandles('ETHUSDT', 'binance')] });
    // The model's seed is no input of a store run, and nothing was queued by the refusals.
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM backtests WHERE market = 'store'`))[0].n).toBe(1);
  });
});
