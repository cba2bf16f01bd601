import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILL_SETTINGS, seededMarket } from '@console/engine/runtime';
import { API_PREFIX, BACKTEST_LIMITS, BACKTEST_MESSAGES, BACKTEST_PATHS, BACKTEST_TRADE_COLUMNS, EXPORT_PATHS, exportFileDate, permsAll, SECTIONS, type Backtest, type BacktestTradeRow, type CandleBar, type Level, MARKET_DATA_MESSAGES, MESSAGES, OWN_MESSAGES, type Perm } from '@console/contracts';
import { strategySettingsV1 } from '../demo/trading-data';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';
import { startWorker } from '../test/worker';
import { exportClient } from '../test/exports-world';
import { readSheet } from '../test/xlsx-files';

const DAY = 86_400_000;
const FROM = Date.UTC(2024, 2, 1);
const iso = (ms: number) => new Date(ms).toISOString();

/** Settings that make signals within hours on the model market. */
function tradingSettings() {
  const doc = strategySettingsV1('long', '1h', 3);
  return { ...doc, signal_settings: { ...doc.signal_settings, atr_threshold_percents: 0.2, start_point_coefficient: 0.3 } };
}

describe('backtests', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let admin: string;
  let profileId: number;
  let pairIds: number[];

  const perms = (over: Partial<Record<string, Partial<Perm>>>) => permsAll('Full').map((p) => ({ ...p, ...(over[p.section_name] ?? {}) }));
  const tokenWith = async (over: Partial<Record<string, Partial<Perm>>>) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms: perms(over) })).id)).access;
  const post = (token: string, body: object) => ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.list}`).set(...auth(token)).send(body);
  const get = (token: string, path: string) => ctx.http().get(`${API_PREFIX}${path}`).set(...auth(token));
  const body = (over: object = {}) => ({ profile_id: profileId, market: 'model', seed: 7, date_from: iso(FROM), date_until: iso(FROM + 2 * DAY), deposit: '10000', ...over });

  async function finished(id: string, token = admin): Promise<Backtest> {
    let run!: Backtest;
    await waitUntil(async () => {
      run = (await get(token, BACKTEST_PATHS.one(id)).expect(200)).body;
      return !['PENDING', 'RUNNING'].includes(run.status);
    }, 60_000);
    return run;
  }

  /** What the live screens list: none of it may change with a backtest. */
  const liveCounts = async () =>
    (
      await ctx.db.query(
        `SELECT (SELECT count(*) FROM signals)::int AS signals, (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM positions)::int AS positions,
                (SELECT count(*) FROM account_metrics)::int AS metrics, (SELECT count(*) FROM logs WHERE type <> 'user')::int AS logs`,
      )
    )[0];

  beforeAll(async () => {
    ctx = await createTestApp();
    worker = await startWorker(ctx);
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
    await makeOrder(ctx.db);
    const [account] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Backtest desk', 'k', 'x', 1) RETURNING id`);
    const [mm] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Backtest MM', $1, 5, 1, 5000) RETURNING id`,
      [account.id],
    );
    const [tickers] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('Backtest majors') RETURNING id`);
    pairIds = [];
    for (const ticker of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
      const [pair] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ($1, true) ON CONFLICT (ticker) DO UPDATE SET is_active = true RETURNING id`, [ticker]);
      pairIds.push(pair.id);
      await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tickers.id, pair.id]);
    }
    // A draft: a profile is tested before it ever trades.
    const [profile] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       VALUES ('Draft trend', 'draft', 'long', $1, $2, $3, $4) RETURNING id`,
      [account.id, mm.id, tickers.id, JSON.stringify(tradingSettings())],
    );
    profileId = profile.id;
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
  });

  it('runs a draft profile on the worker: figures, trades, an hourly curve; the live lists do not change', async () => {
    const before = await liveCounts();
    const created = await post(admin, body()).expect(201);
    expect(created.body).toEqual({ id: expect.any(String), status: 'PENDING' });
    const run = await finished(created.body.id);
    expect(run.status).toBe('SUCCESS');
    expect(run.progress).toBe(100);
    expect(run.inputs).toMatchObject({ profile_id: profileId, pairs: pairIds, pair_symbols: ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'], market: 'model', seed: 7, deposit: '10000.00000000', fee_rate: null });
    expect(run.inputs.settings).toEqual(tradingSettings());
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);
    expect(run.figures?.trade_count).toBeGreaterThan(0);
    expect(run.trade_count).toBe(run.figures?.trade_count);

    const trades = (await get(admin, `${BACKTEST_PATHS.trades(run.id)}?page_size=100`).expect(200)).body;
    expect(trades.count).toBe(run.figures?.trade_count);
    expect(trades.results[0]).toMatchObject({ pair: expect.stringMatching(/USDT$/), side: 'long', exit_reason: expect.stringMatching(/exit_order|max_duration|end_of_period/) });
    const pnl = trades.results.reduce((sum: number, t: { pnl: string }) => sum + Number(t.pnl), 0);
    const equity = (await get(admin, BACKTEST_PATHS.equity(run.id)).expect(200)).body;
    expect(equity).toHaveLength(48);
    expect(equity.at(-1)).toEqual({ at: iso(FROM + 2 * DAY), equity: run.figures?.final_equity });
    expect(Number(run.figures?.final_equity)).toBeCloseTo(10_000 + pnl, 6);

    expect(await liveCounts()).toEqual(before);
    const list = (await get(admin, BACKTEST_PATHS.list).expect(200)).body;
    expect(list.results[0]).toMatchObject({ id: run.id, profile: 'Draft trend', status: 'SUCCESS', trade_count: run.figures?.trade_count, created_by: expect.any(String) });

    // The end of the run is a notification row (users' alert channels fan out from it), committed with the SUCCESS.
    const notices = await ctx.db.query(`SELECT title, text_body, kind FROM notifications WHERE kind = 'backtest_finished' AND text_body LIKE $1`, [`The backtest #${run.id} %`]);
    expect(notices).toEqual([
      { title: 'Backtest finished', kind: 'backtest_finished', text_body: `The backtest #${run.id} of Draft trend finished: total return ${run.figures!.total_return_percent.toFixed(2)} %, ${run.figures!.trade_count} trades.` },
    ]);
  });

  it('gives the same trades and figures to the cent for the same inputs', async () => {
    const a = await finished((await post(admin, body({ seed: 11 })).expect(201)).body.id);
    const b = await finished((await post(admin, body({ seed: 11 })).expect(201)).body.id);
    expect(b.figures).toEqual(a.figures);
    const tradesOf = async (id: string) => (await get(admin, `${BACKTEST_PATHS.trades(id)}?page_size=100`).expect(200)).body.results.map(({ id: _id, ...t }: { id: string }) => t);
    expect(await tradesOf(b.id)).toEqual(await tradesOf(a.id));
    const other = await finished((await post(admin, body({ seed: 12 })).expect(201)).body.id);
    expect(other.figures).not.toEqual(a.figures);
  });

  it('answers a model run’s candles: the seed’s minutes as bars, the same twice, its trades inside them; bad pairs and time frames are 400s', async () => {
    const [row] = (await get(admin, `${BACKTEST_PATHS.list}?status=SUCCESS&market=model`).expect(200)).body.results as Backtest[];
    const run: Backtest = (await get(admin, BACKTEST_PATHS.one(row.id)).expect(200)).body;
    const trades: BacktestTradeRow[] = (await get(admin, `${BACKTEST_PATHS.trades(run.id)}?page_size=100`).expect(200)).body.results;
    expect(trades.length).toBeGreaterThan(0);
    const candles = (pair: string, timeframe: string, token = admin) => get(token, `${BACKTEST_PATHS.candles(run.id)}?pair=${pair}&timeframe=${timeframe}`);
    const pair = trades[0].pair;
    const bars: CandleBar[] = (await candles(pair, '15m').expect(200)).body;
    // Two days of 15-minute bars, from the period's first minute; computed again, the same to the digit.
    expect(bars).toHaveLength(192);
    expect(bars[0].time).toBe(iso(FROM));
    expect((await candles(pair, '15m').expect(200)).body).toEqual(bars);
    // Each bar holds the model's own minutes of the seed the run traded on.
    const model = seededMarket(run.inputs.seed!);
    const minutes = model.range(pair, FROM, FROM + 15 * 60_000);
    expect(Number(bars[0].open)).toBe(minutes.open[0]);
    expect(Number(bars[0].close)).toBe(minutes.close[14]);
    expect(Number(bars[0].high)).toBe(Math.max(...minutes.high.subarray(0, 15)));
    // Every trade's entry lies inside its bar's range, give or take the paper venue's slippage.
    const slip = DEFAULT_FILL_SETTINGS.slippage_rate.toNumber();
    for (const t of trades.filter((x) => x.pair === pair)) {
      const bar = bars.filter((b) => Date.parse(b.time) <= Date.parse(t.entry_at)).at(-1)!;
      const entry = model.candle(pair, Date.parse(t.entry_at))!;
      expect(Number(t.entry_price), t.entry_at).toBeGreaterThanOrEqual(Math.min(entry.low, Number(bar.low)) * (1 - slip) - 1e-9);
      expect(Number(t.entry_price), t.entry_at).toBeLessThanOrEqual(Math.max(entry.high, Number(bar.high)) * (1 + slip) + 1e-9);
      expect(Math.abs(Number(t.entry_price) - entry.close) / entry.close, t.entry_at).toBeLessThan(0.02);
    }

    const refusal = async (query: string) => (await get(admin, `${BACKTEST_PATHS.candles(run.id)}${query}`).expect(400)).body;
    expect(await refusal('?pair=DOGEUSDT&timeframe=15m')).toEqual({ pair: [BACKTEST_MESSAGES.pairNotInRun('DOGEUSDT', ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'])] });
    expect(await refusal('?timeframe=15m')).toEqual({ pair: [MESSAGES.fieldRequired] });
    expect(await refusal('?pair=btc%20usdt&timeframe=15m')).toEqual({ pair: [BACKTEST_MESSAGES.candlesPairRequired] });
    expect(await refusal(`?pair=${pair}&timeframe=2h`)).toEqual({ timeframe: [MARKET_DATA_MESSAGES.timeframeInvalid] });
    expect(await refusal(`?pair=${pair}&timeframe=1m`)).toEqual({ timeframe: [MARKET_DATA_MESSAGES.tooManyBars(2880)] });
    await get(admin, `${BACKTEST_PATHS.candles('999999')}?pair=${pair}&timeframe=15m`).expect(404);

    // The run's other reads' access: ReadOnly reads, NP is refused, Limited as below.
    expect((await candles(pair, '1h', await tokenWith({ backtests: { status: 'ReadOnly' }, market_data: { status: 'NP' } })).expect(200)).body).toHaveLength(48);
    await candles(pair, '1h', await tokenWith({ backtests: { status: 'NP' } })).expect(403);
    // At Limited the pair and the time frame read the trades field, as the trades' xlsx: with it and filtering, the bars whole.
    const blind = await tokenWith({ backtests: { status: 'Limited' as Level, fields: ['status'], filtering: true, sorting: false } });
    expect((await candles(pair, '1h', blind).expect(403)).body).toEqual({ detail: OWN_MESSAGES.fieldNotAllowed });
    const seeing = await tokenWith({ backtests: { status: 'Limited' as Level, fields: ['trades'], filtering: true, sorting: false } });
    expect((await candles(pair, '1h', seeing).expect(200)).body).toEqual((await candles(pair, '1h').expect(200)).body);
  });

  it('exports a run’s trades to xlsx as the other exports do: a task row, then the worker’s file, as the trade list', async () => {
    const [run] = (await get(admin, `${BACKTEST_PATHS.list}?status=SUCCESS`).expect(200)).body.results;
    const trades: BacktestTradeRow[] = (await get(admin, `${BACKTEST_PATHS.trades(run.id)}?page_size=100`).expect(200)).body.results;
    expect(trades.length).toBeGreaterThan(0);
    const exports = exportClient(() => ctx, EXPORT_PATHS.backtest_trades);
    const { file, filename } = await exports.exportFile(admin, `?backtest_id=${run.id}`);
    expect(filename).toBe(`Backtest trades ${exportFileDate(new Date())}.xlsx`);
    const [header, ...rows] = await readSheet(file);
    expect(header).toEqual(BACKTEST_TRADE_COLUMNS.columns.map((c) => c.header));
    const at = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [r[at('Pair')], r[at('Side')], r[at('Entry price')], r[at('PnL')], r[at('Fees')]])).toEqual(
      trades.map((t) => [t.pair, t.side, Number(t.entry_price), Number(t.pnl), Number(t.fees)]),
    );
    expect(await ctx.db.query(`SELECT status, filters FROM export_tasks WHERE kind = 'backtest_trades'`)).toEqual([{ status: 'SUCCESS', filters: { backtest_id: Number(run.id) } }]);

    // The run is required; at Limited the trades field opens the file, whole.
    await exports.startRequest(admin, '').expect(400);
    const withTrades = await tokenWith({ backtests: { status: 'Limited' as Level, fields: ['trades'], filtering: true, sorting: false } });
    expect((await readSheet((await exports.exportFile(withTrades, `?backtest_id=${run.id}`)).file))[0]).toEqual(header);
    const withoutTrades = await tokenWith({ backtests: { status: 'Limited' as Level, fields: ['profile'], filtering: true, sorting: false } });
    await exports.startRequest(withoutTrades, `?backtest_id=${run.id}`).expect(403);
  });

  it('refuses bad input with a clear message, never a 500', async () => {
    const field = async (over: object, name: string) => (await post(admin, body(over)).expect(400)).body[name];
    expect(await field({ date_until: iso(FROM) }, 'date_until')).toEqual([BACKTEST_MESSAGES.emptyPeriod]);
    expect(await field({ date_until: iso(FROM + (BACKTEST_LIMITS.maxDays + 1) * DAY) }, 'date_until')).toEqual([BACKTEST_MESSAGES.periodTooLong]);
    expect(await field({ market: 'store', pairs: [pairIds[1]] }, 'pairs')).toEqual([BACKTEST_MESSAGES.storeNoCandles('ETHUSDT', 'binance')]);
    expect(await field({ seed: undefined }, 'seed')).toEqual([BACKTEST_MESSAGES.seedRequired]);
    expect(await field({ profile_id: 999_999 }, 'profile_id')).toEqual([BACKTEST_MESSAGES.profileNotFound]);
    expect(await field({ pairs: [999_999] }, 'pairs')).toEqual([BACKTEST_MESSAGES.unknownPair([999_999])]);
    expect(await field({ settings: { signal_settings: { timeframe: '1h' } } }, 'settings')).toEqual([BACKTEST_MESSAGES.settingsInvalid]);
    expect(await field({ deposit: '0' }, 'deposit')).toEqual([BACKTEST_MESSAGES.depositOutOfRange]);
    await get(admin, BACKTEST_PATHS.one('999999')).expect(404);
    await get(admin, BACKTEST_PATHS.one('not-an-id')).expect(404);
  });

  it('is gated by its section and the profiles section: NP hides, ReadOnly reads, a hidden profile section refuses a run', async () => {
    const readOnly = await tokenWith({ backtests: { status: 'ReadOnly' } });
    await post(readOnly, body()).expect(403);
    await get(readOnly, BACKTEST_PATHS.list).expect(200);
    const hidden = await tokenWith({ backtests: { status: 'NP' } });
    await get(hidden, BACKTEST_PATHS.list).expect(403);
    const noProfiles = await tokenWith({ profiles: { status: 'NP' } });
    await post(noProfiles, body()).expect(403);
  });

  it('shows a Limited group only the fields it opens, in the list, a run, its trades and its curve', async () => {
    const [run] = (await get(admin, BACKTEST_PATHS.list).expect(200)).body.results;
    const limited = await tokenWith({ backtests: { status: 'Limited' as Level, fields: ['profile', 'status'], filtering: false, sorting: false } });
    const list = (await get(limited, BACKTEST_PATHS.list).expect(200)).body;
    expect(Object.keys(list.results[0]).sort()).toEqual(['id', 'profile', 'status']);
    expect(Object.keys((await get(limited, BACKTEST_PATHS.one(run.id)).expect(200)).body).sort()).toEqual(['id', 'profile', 'status']);
    const trades = (await get(limited, BACKTEST_PATHS.trades(run.id)).expect(200)).body.results;
    expect(Object.keys(trades[0])).toEqual(['id']);
    expect((await get(limited, BACKTEST_PATHS.equity(run.id)).expect(200)).body[0]).toEqual({});
    await get(limited, `${BACKTEST_PATHS.list}?status=SUCCESS`).expect(403);
    const withTrades = await tokenWith({ backtests: { status: 'Limited' as Level, fields: ['trades', 'equity'], filtering: false, sorting: false } });
    expect(Object.keys((await get(withTrades, BACKTEST_PATHS.trades(run.id)).expect(200)).body.results[0])).toContain('pnl');
    expect(Object.keys((await get(withTrades, BACKTEST_PATHS.equity(run.id)).expect(200)).body[0]).sort()).toEqual(['at', 'equity']);
    expect(SECTIONS).toContain('backtests');
  });

  it('cancels a run while it runs: it ends CANCELLED with no results; an ended run cannot be cancelled', async () => {
    const long = (await post(admin, body({ date_from: iso(FROM - 200 * DAY), date_until: iso(FROM) })).expect(201)).body.id;
    await waitUntil(async () => (await get(admin, BACKTEST_PATHS.one(long)).expect(200)).body.progress > 0, 60_000);
    const cancelled = (await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.cancel(long)}`).set(...auth(admin)).expect(200)).body;
    expect(cancelled.status).toBe('CANCELLED');
    // The worker stops at its next simulated day and writes nothing.
    await waitUntil(async () => (await ctx.db.query(`SELECT count(*)::int AS n FROM backtests WHERE status = 'RUNNING'`))[0].n === 0, 30_000);
    const after = (await get(admin, BACKTEST_PATHS.one(long)).expect(200)).body;
    expect(after).toMatchObject({ status: 'CANCELLED', figures: null });
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM backtest_trades WHERE backtest_id = $1`, [long]))[0].n).toBe(0);
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM notifications WHERE text_body LIKE $1`, [`The backtest #${long} %`]))[0].n).toBe(0);
    await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.cancel(long)}`).set(...auth(admin)).expect(200);

    const [done] = (await get(admin, `${BACKTEST_PATHS.list}?status=SUCCESS`).expect(200)).body.results;
    expect((await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.cancel(done.id)}`).set(...auth(admin)).expect(400)).body).toEqual({ detail: BACKTEST_MESSAGES.notCancellable });
  });

  it(`lets a user have at most ${BACKTEST_LIMITS.maxUnfinishedPerUser} runs waiting or running`, async () => {
    const user = await tokenWith({});
    const ids: string[] = [];
    for (let i = 0; i < BACKTEST_LIMITS.maxUnfinishedPerUser; i++) ids.push((await post(user, body({ date_from: iso(FROM - 300 * DAY), date_until: iso(FROM) })).expect(201)).body.id);
    expect((await post(user, body()).expect(429)).body).toMatchObject({ detail: BACKTEST_MESSAGES.tooMany });
    for (const id of ids) await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.cancel(id)}`).set(...auth(user)).expect(200);
    await post(user, body()).expect(201);
  });

  it('deletes a run with its results', async () => {
    const [run] = (await get(admin, `${BACKTEST_PATHS.list}?status=SUCCESS`).expect(200)).body.results;
    await ctx.http().delete(`${API_PREFIX}${BACKTEST_PATHS.one(run.id)}`).set(...auth(admin)).expect(204);
    await get(admin, BACKTEST_PATHS.one(run.id)).expect(404);
    expect((await ctx.db.query(`SELECT count(*)::int AS n FROM backtest_equity WHERE backtest_id = $1`, [run.id]))[0].n).toBe(0);
  });
});
