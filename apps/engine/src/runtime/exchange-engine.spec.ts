/**
 * The engine trading a demo account on an exchange: ccxt's binanceusdm, built as the API's "Test
 * connection" builds it (keys decrypted by the engine, sandbox mode, the account's api_url), pointed at
 * the local Binance USDⓈ-M stand-in. The paper account's behaviour is venue-port.spec.ts's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { dec } from '../money';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine, type EngineOptions } from './engine';
import { encryptSecret } from './secrets';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';
import { startFuturesExchange, type FuturesExchange } from './testing/futures-exchange';
import type { ExchangeVenueOptions } from './venue/accounts';

const START = Date.UTC(2024, 2, 1);
const SEED = 7;
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });
const KEY = randomBytes(32);
/** Each database is an installation of its own on the one stand-in: its own client id prefix, as two consoles on one exchange account have. */
const prefixes = new Map<TestDatabase, string>();
const prefixOf = (db: TestDatabase) => prefixes.get(db) ?? '';
/** What ccxt adds to every Binance futures order of its own accord. */
const SENT_BY_CCXT = { newOrderRespType: 'RESULT', recvWindow: '10000' };

interface OrderRow {
  id: string;
  signal_id: string;
  order_type: string;
  direction: string;
  price: string;
  quantity: string;
  filled_quantity: string;
  state: string;
  status: string;
  time_in_force: string;
  exchange_order_id: string | null;
  exchange_status: string | null;
}

interface PositionRow {
  id: string;
  signal_id: string;
  side: 'long' | 'short';
  active_p_coins: string;
  avg_e_price: string;
  r_pnl: string;
  state: string;
}

/** The amount and price as ccxt rounds them to BTCUSDT's step (0.001, truncated) and tick (0.1). */
const amountSent = (q: string) => dec(q).toDecimalPlaces(3, 1).toString();
const priceSent = (p: string) => dec(p).toDecimalPlaces(1).toString();
/** Money figures the books and the exchange each round their own way agree to a millionth. */
const near = (value: string, expected: ReturnType<typeof dec>) => expect(dec(value).minus(expected).abs().lessThan('0.000001'), `${value} ≈ ${expected.toString()}`).toBe(true);

describe('a demo account trades on the exchange through ccxt', () => {
  let exchange: FuturesExchange;
  const dbs: TestDatabase[] = [];
  beforeAll(async () => {
    exchange = await startFuturesExchange();
  });
  afterAll(async () => {
    await exchange.close();
    for (const db of dbs) await db.drop();
  });
  afterEach(() => {
    exchange.orders.length = 0;
    exchange.requests.length = 0;
  });

  /** A database whose only account is in demo on binanceusdm, its api_url the stand-in, its secret encrypted with KEY. */
  async function demoDatabase(): Promise<TestDatabase> {
    const db = await createTestDatabase();
    dbs.push(db);
    // Each test's installation starts on an account with nothing held on the stand-in.
    exchange.positions.clear();
    exchange.walletBalance = '10000';
    prefixes.set(db, `tc${dbs.length}-`);
    const { accountId } = await seedProfile(db.pool, doc, ['BTCUSDT']);
    await db.pool.query(`UPDATE exchange_accounts SET exchange = 'binanceusdm', mode = 'demo', api_url = $2, api_key = 'demo-key', api_secret_enc = $3 WHERE id = $1`, [
      accountId,
      exchange.origin,
      encryptSecret('demo-secret', KEY),
    ]);
    return db;
  }
  const open = (db: TestDatabase, hooks: Partial<ExchangeVenueOptions> = {}, options: Partial<EngineOptions> = {}) =>
    PaperEngine.open(db.pool, { seed: SEED, startAt: START, exchange: { encryptionKey: KEY, clientIdPrefix: prefixOf(db), ...hooks }, ...options });
  const orders = async (db: TestDatabase) =>
    (
      await db.pool.query<OrderRow>(
        `SELECT id::text, signal_id::text, order_type, direction, price::text, quantity::text, filled_quantity::text, state, status, time_in_force, exchange_order_id, exchange_status FROM orders ORDER BY id`,
      )
    ).rows;
  /** Minutes one transaction each until the first order rows are written (and sent). */
  async function untilOrders(engine: PaperEngine, db: TestDatabase): Promise<OrderRow[]> {
    for (let i = 0; i < 24 * 60; i++) {
      await engine.advance(engine.lastMinute + MINUTE_MS);
      const rows = await orders(db);
      if (rows.length) return rows;
    }
    throw new Error('no order in a day');
  }

  describe('orders, fills, a close at market and a cancel', () => {
    let db: TestDatabase;
    let engine: PaperEngine;
    let entries: OrderRow[];
    beforeAll(async () => {
      db = await demoDatabase();
      engine = await open(db);
    }, 60_000);

    it('sends the enter orders a new signal writes, each with its row’s client id, and the rows get the exchange’s ids', async () => {
      entries = await untilOrders(engine, db);
      expect(entries.length).toBeGreaterThan(0);
      expect(exchange.orders).toEqual(
        entries.map((row) => ({
          symbol: 'BTCUSDT',
          side: row.direction.toUpperCase(),
          type: 'LIMIT',
          quantity: amountSent(row.quantity),
          price: priceSent(row.price),
          timeInForce: row.time_in_force === 'GTX' ? 'GTX' : 'GTC',
          newClientOrderId: `${prefixOf(db)}${row.id}`,
          ...SENT_BY_CCXT,
        })),
      );
      for (const row of entries) {
        expect(row).toMatchObject({ order_type: 'enter', state: 'PLACED', status: 'PLACED', filled_quantity: '0.000000000000' });
        expect(row.exchange_order_id).toBe(String(exchange.held.get(`${prefixOf(db)}${row.id}`)?.orderId));
      }
    }, 120_000);

    it('applies the fills the exchange reports, partial then whole, with the exchange’s price and fee, in the next minute', async () => {
      const [first] = entries;
      const part = dec(amountSent(first.quantity)).div(2).toDecimalPlaces(3, 1).toString();
      exchange.fill(`${prefixOf(db)}${first.id}`, part);
      // Nothing moves until the engine reads the trades, before its next minute.
      expect((await orders(db))[0]).toMatchObject({ filled_quantity: '0.000000000000', state: 'PLACED' });
      await engine.advance(engine.lastMinute + MINUTE_MS);
      const [partial] = await orders(db);
      expect(partial).toMatchObject({ id: first.id, state: 'PARTIALLY_FILLED' });
      expect(dec(partial.filled_quantity).equals(part)).toBe(true);
      const [position] = (await db.pool.query<{ active_p_coins: string; avg_e_price: string; r_pnl: string }>(`SELECT active_p_coins::text, avg_e_price::text, r_pnl::text FROM positions WHERE signal_id = $1`, [first.signal_id])).rows;
      expect(dec(position.active_p_coins).equals(part)).toBe(true);
      expect(dec(position.avg_e_price).equals(priceSent(first.price))).toBe(true);
      // The entry's fee is the exchange's commission (the stand-in charges Binance's 0.02 % maker rate).
      const commission = dec(part).mul(priceSent(first.price)).mul('0.0002').toDecimalPlaces(8);
      expect(dec(position.r_pnl).toString()).toBe(commission.neg().toString());
      // Reading again finds no new trade: the cursor kept in the engine's state holds (no fill twice).
      await engine.advance(engine.lastMinute + MINUTE_MS);
      expect(dec((await orders(db))[0].filled_quantity).equals(part)).toBe(true);
      const trades = exchange.requests.filter((r) => r.path === '/fapi/v1/userTrades');
      expect(trades.length).toBeGreaterThanOrEqual(2);
      expect(trades[0].params).toMatchObject({ symbol: 'BTCUSDT' });
      expect(trades[1].params.startTime).toBeDefined();

      exchange.fill(`${prefixOf(db)}${first.id}`);
      await engine.advance(engine.lastMinute + MINUTE_MS);
      const [whole] = await orders(db);
      expect(whole).toMatchObject({ id: first.id, state: 'FILLED', status: 'FILLED' });
      // The exchange filled all it was sent (the quantity down to the market's step): the order is whole.
      expect(dec(whole.filled_quantity).equals(first.quantity)).toBe(true);
    }, 60_000);

    it('cancels an open order on the exchange by its id when the operator cancels it', async () => {
      const open = (await orders(db)).find((row) => row.state === 'PLACED' && row.order_type === 'enter');
      expect(open).toBeDefined();
      await db.pool.query(`INSERT INTO engine_commands (kind, target_type, target_id, idempotency_key) VALUES ('cancel_order', 'order', $1, 'cancel-1')`, [open!.id]);
      await engine.commands();
      expect(exchange.requests.filter((r) => r.method === 'DELETE')).toEqual([
        { method: 'DELETE', path: '/fapi/v1/order', params: { symbol: 'BTCUSDT', orderId: open!.exchange_order_id, recvWindow: '10000' } },
      ]);
      expect(exchange.held.get(`${prefixOf(db)}${open!.id}`)?.status).toBe('CANCELED');
      expect((await orders(db)).find((row) => row.id === open!.id)).toMatchObject({ state: 'CANCELED' });
    }, 60_000);

    /** The open position, as its row holds it. */
    const openPosition = async () =>
      (await db.pool.query<PositionRow>(`SELECT id::text, signal_id::text, side, active_p_coins::text, avg_e_price::text, r_pnl::text, state FROM positions WHERE state = 'open' AND active_p_coins > 0`)).rows[0];
    /** The realised PnL a market exit of `quantity` at the exchange's `price` and taker fee leaves, from the position before it. */
    const realisedAfter = (before: PositionRow, quantity: string, price: string) => {
      const sign = before.side === 'long' ? 1 : -1;
      const fee = dec(amountSent(quantity)).mul(price).mul('0.0005').toDecimalPlaces(8);
      return dec(before.r_pnl).plus(dec(price).minus(before.avg_e_price).mul(quantity).mul(sign)).minus(fee);
    };

    it('reduces at market with a reduce-only market order; the next minute books it at the exchange’s price and fee, not the estimate', async () => {
      const before = await openPosition();
      expect(before).toBeDefined();
      // The exchange fills away from the books' estimate (the model market's close with slippage).
      exchange.marketPrice = '96000.0';
      await db.pool.query(`INSERT INTO engine_commands (kind, target_type, target_id, idempotency_key, payload) VALUES ('reduce_position', 'position', $1, 'reduce-1', '{"percent": "50"}')`, [before.id]);
      await engine.commands();
      const reduce = (await orders(db)).filter((row) => row.order_type === 'exit' && row.time_in_force === 'IOC').at(-1)!;
      expect(exchange.orders).toContainEqual({ symbol: 'BTCUSDT', side: before.side === 'long' ? 'SELL' : 'BUY', type: 'MARKET', quantity: amountSent(reduce.quantity), reduceOnly: 'true', newClientOrderId: `${prefixOf(db)}${reduce.id}`, ...SENT_BY_CCXT });
      expect(dec(reduce.price).equals('96000')).toBe(false);
      expect(reduce).toMatchObject({ state: 'FILLED', exchange_status: 'NEW' });

      await engine.advance(engine.lastMinute + MINUTE_MS);
      const booked = (await orders(db)).find((row) => row.id === reduce.id)!;
      expect(booked).toMatchObject({ state: 'FILLED', exchange_status: 'TRADE' });
      expect(dec(booked.price).equals('96000')).toBe(true);
      const after = await openPosition();
      near(after.r_pnl, realisedAfter(before, reduce.quantity, '96000.0'));
      expect(await logs(db, 'exchange_fill_booked')).toEqual([{ type: 'general', order_id: reduce.id, log_data: expect.objectContaining({ price: '96000', estimate_price: dec(reduce.price).toString() }) }]);
      // Booked once: the next minute changes nothing.
      await engine.advance(engine.lastMinute + MINUTE_MS);
      expect((await openPosition()).r_pnl).toBe(after.r_pnl);
    }, 60_000);

    it('closes at market with a reduce-only market order for the position’s size, booked at the exchange’s price and fee once its trades are read', async () => {
      const position = await openPosition();
      expect(position).toBeDefined();
      exchange.marketPrice = '94000.0';
      await db.pool.query(`UPDATE positions SET action_state = 'CLOSING' WHERE id = $1`, [position.id]);
      await db.pool.query(`INSERT INTO engine_commands (kind, target_type, target_id, idempotency_key) VALUES ('close_market', 'position', $1, 'close-1')`, [position.id]);
      await engine.commands();
      const exit = (await orders(db)).filter((row) => row.order_type === 'exit' && row.time_in_force === 'IOC').at(-1);
      expect(exit).toBeDefined();
      expect(exchange.orders).toEqual([
        { symbol: 'BTCUSDT', side: position.side === 'long' ? 'SELL' : 'BUY', type: 'MARKET', quantity: amountSent(position.active_p_coins), reduceOnly: 'true', newClientOrderId: `${prefixOf(db)}${exit!.id}`, ...SENT_BY_CCXT },
      ]);
      expect(exit).toMatchObject({ state: 'FILLED', exchange_order_id: String(exchange.held.get(`${prefixOf(db)}${exit!.id}`)?.orderId) });

      // The signal ended with the close: its rows take the exchange's figures in the next minute.
      await engine.advance(engine.lastMinute + MINUTE_MS);
      expect((await orders(db)).find((row) => row.id === exit!.id)).toMatchObject({ price: '94000.000000000000', exchange_status: 'TRADE' });
      const [closed] = (await db.pool.query<PositionRow & { pnl_in_usd: string }>(
        `SELECT p.r_pnl::text, p.state, s.pnl_in_usd::text FROM positions p JOIN signals s ON s.id = p.signal_id WHERE p.id = $1`,
        [position.id],
      )).rows;
      expect(closed.state).toBe('closed');
      near(closed.r_pnl, realisedAfter(position, position.active_p_coins, '94000.0'));
      expect(closed.pnl_in_usd).toBe(closed.r_pnl);
      // Fills, a reduce and a close: the exchange's positions followed the rows within its rounding each
      // minute. Each order went out rounded down to the step, so the close can leave the exchange a
      // remainder below the books' size: that, and only that, is a divergence (the poll that read the
      // close's trade left the pair to the next one).
      await engine.advance(engine.lastMinute + MINUTE_MS);
      expect(exchange.requests.filter((r) => r.path === '/fapi/v3/positionRisk').length).toBeGreaterThan(0);
      const dust = exchange.positions.get('BTCUSDT')?.amount ?? 0;
      expect(Math.abs(dust)).toBeLessThan(0.003);
      expect((await logs(db, 'exchange_position_divergence')).map((row) => row.log_data.message)).toEqual(
        dust === 0 ? [] : [`the exchange holds a ${dust < 0 ? 'short' : 'long'} ${dec(Math.abs(dust)).toString()} BTCUSDT position that no open position row accounts for`],
      );
    }, 60_000);
  });

  /** How many orders the stand-in took under each row's client id, and the rows' states. */
  async function sentOnce(db: TestDatabase): Promise<void> {
    const rows = await orders(db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(exchange.orders.filter((o) => o.newClientOrderId === `${prefixOf(db)}${row.id}`), `order ${row.id}`).toHaveLength(1);
      expect(row).toMatchObject({ state: 'PLACED', exchange_order_id: String(exchange.held.get(`${prefixOf(db)}${row.id}`)?.orderId) });
    }
  }
  const logs = async (db: TestDatabase, event: string) =>
    (await db.pool.query<{ type: string; order_id: string; log_data: { message: string; read?: string } }>(`SELECT type, order_id::text, log_data FROM logs WHERE event_type = $1 ORDER BY id`, [event])).rows;

  it('after a crash between createOrder and the row’s update, the restarted engine adopts the order: one order on the exchange, one row', async () => {
    const db = await demoDatabase();
    let crashed = false;
    const engine = await open(db, { crashAfterSend: () => !crashed && (crashed = true) });
    await expect(untilOrders(engine, db)).rejects.toThrow(/crash requested after sending order/);
    const [first] = await orders(db);
    expect(first).toMatchObject({ state: 'PLACING', exchange_order_id: null });
    expect(exchange.orders.map((o) => o.newClientOrderId)).toEqual([`${prefixOf(db)}${first.id}`]);

    await open(db);
    // The restarted engine asked for each row still PLACING by its client id before placing anything.
    const asked = exchange.requests.filter((r) => r.method === 'GET' && r.path === '/fapi/v1/order').map((r) => r.params.origClientOrderId);
    expect(asked).toEqual((await orders(db)).map((row) => `${prefixOf(db)}${row.id}`));
    await sentOnce(db);
    expect(await logs(db, 'exchange_order_adopted')).toEqual([{ type: 'general', order_id: first.id, log_data: expect.objectContaining({ exchange_order_id: expect.any(String) }) }]);
  }, 120_000);

  it('after a crash before createOrder, the restarted engine finds no such order and places it once', async () => {
    const db = await demoDatabase();
    let crashed = false;
    const engine = await open(db, { crashBeforeSend: () => !crashed && (crashed = true) });
    await expect(untilOrders(engine, db)).rejects.toThrow(/crash requested before sending order/);
    expect(exchange.orders).toEqual([]);
    await open(db);
    await sentOnce(db);
    expect(await logs(db, 'exchange_order_adopted')).toEqual([]);
  }, 120_000);

  it('an exchange refusal ends the row PLACEMENT_FAILED with the exchange’s message; a dropped connection and a 429 pause new orders, which resume without duplicates', async () => {
    const db = await demoDatabase();
    const engine = await open(db);
    exchange.failNext('margin');
    exchange.failNext('networkDrop');
    exchange.failNext('rateLimit');
    const rows = await untilOrders(engine, db);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const [refused, dropped] = rows;
    expect(refused).toMatchObject({ state: 'PLACEMENT_FAILED', status: 'PLACEMENT_FAILED', exchange_order_id: null });
    // ccxt tells Binance's futures codes by the host: on another origin (api_url) -2019 comes back as its
    // base ExchangeError rather than InsufficientFunds, with the exchange's message all the same.
    expect(await logs(db, 'exchange_refused')).toEqual([{ type: 'error', order_id: refused.id, log_data: { error: 'ExchangeError', message: 'binanceusdm {"code":-2019,"msg":"Margin is insufficient."}' } }]);
    expect(dropped).toMatchObject({ state: 'PLACING', exchange_order_id: null });
    expect(await logs(db, 'exchange_paused')).toEqual([{ type: 'error', order_id: dropped.id, log_data: { message: expect.any(String) } }]);

    // The next turns ask for the paused rows by client id, then place them: each exactly once.
    await engine.commands();
    await engine.commands();
    const placed = (await orders(db)).filter((row) => row.id !== refused.id);
    for (const row of placed) {
      expect(exchange.orders.filter((o) => o.newClientOrderId === `${prefixOf(db)}${row.id}`), `order ${row.id}`).toHaveLength(1);
      expect(row).toMatchObject({ state: 'PLACED', exchange_order_id: String(exchange.held.get(`${prefixOf(db)}${row.id}`)?.orderId) });
    }
    // The refused order was asked for once and never again; the dropped one was sent twice, taken once.
    const posted = (id: string) => exchange.requests.filter((r) => r.method === 'POST' && r.params.newClientOrderId === `${prefixOf(db)}${id}`).length;
    expect(posted(refused.id)).toBe(1);
    expect(posted(dropped.id)).toBe(2);
    expect(exchange.held.has(`${prefixOf(db)}${refused.id}`)).toBe(false);
    expect((await logs(db, 'exchange_resumed')).length).toBeGreaterThanOrEqual(1);

    // The exchange's open orders against the rows: one cancelled on the exchange's own site, one of ours
    // that no row accounts for. Each is a divergence row, written once.
    const [gone] = placed;
    exchange.held.get(`${prefixOf(db)}${gone.id}`)!.status = 'CANCELED';
    const stray = { ...exchange.held.get(`${prefixOf(db)}${placed[1]?.id ?? gone.id}`)!, orderId: 9_000_000_001, clientOrderId: `${prefixOf(db)}9999`, status: 'NEW' as const };
    exchange.held.set(stray.clientOrderId, stray);
    await engine.advance(engine.lastMinute + MINUTE_MS);
    await engine.advance(engine.lastMinute + MINUTE_MS);
    expect(exchange.requests.filter((r) => r.path === '/fapi/v1/openOrders').at(-1)?.params).toEqual({ recvWindow: '10000' });
    expect(await logs(db, 'exchange_divergence')).toEqual([
      { type: 'divergence', order_id: null, log_data: { message: `the exchange holds open order ${stray.clientOrderId} (9000000001) that no open order row accounts for`, client_order_id: stray.clientOrderId } },
      { type: 'divergence', order_id: gone.id, log_data: { message: `order ${gone.id} is open in the console, not on the exchange (${gone.exchange_order_id})`, exchange_order_id: gone.exchange_order_id } },
    ]);
  }, 120_000);

  it('reads the exchange’s positions and balance every minute: each difference from the position rows is one divergence row, a position gone from the exchange is closed as lost, and the metrics take the exchange’s balance', async () => {
    const db = await demoDatabase();
    const engine = await open(db);
    const [first] = await untilOrders(engine, db);
    const divergences = () => logs(db, 'exchange_position_divergence');
    const step = () => engine.advance(engine.lastMinute + MINUTE_MS);
    const readsFailed = async (read: string) => (await logs(db, 'exchange_read_failed')).filter((row) => row.log_data.read === read);

    // The exchange refuses the open orders and the trades reads once each (429): an error row each with its message.
    exchange.failNext('rateLimit', '/fapi/v1/openOrders');
    exchange.failNext('rateLimit', '/fapi/v1/userTrades');
    await step();
    for (const read of ['open orders', 'trades']) {
      expect(await readsFailed(read)).toEqual([{ type: 'error', order_id: null, log_data: expect.objectContaining({ error: 'DDoSProtection', message: expect.stringContaining('Too many requests') }) }]);
    }

    // A position opened on the exchange's own site, which no row accounts for: logged, not adopted.
    exchange.positions.set('BTCUSDT', { amount: -0.01, entryPrice: 95000 });
    await step();
    await step();
    expect(await divergences()).toEqual([
      { type: 'divergence', order_id: null, log_data: { message: 'the exchange holds a short 0.01 BTCUSDT position that no open position row accounts for', ticker: 'BTCUSDT', exchange_size: '-0.01', console_size: '0', position_ids: [] } },
    ]);
    expect(await db.pool.query(`SELECT 1 FROM positions`)).toMatchObject({ rowCount: 0 });

    // Gone again; an order fills: the row and the exchange agree (the exchange has the size rounded to its step).
    exchange.positions.clear();
    exchange.fill(`${prefixOf(db)}${first.id}`);
    await step();
    await step();
    const [position] = (await db.pool.query<{ id: string; active_p_coins: string }>(`SELECT id::text, active_p_coins::text FROM positions WHERE state = 'open'`)).rows;
    expect(dec(exchange.positions.get('BTCUSDT')!.amount).equals(amountSent(position.active_p_coins))).toBe(true);
    expect(await divergences()).toHaveLength(1);

    // The metrics are the exchange's: its USDT wallet (moved by the fill's commission) and the position's PnL there.
    exchange.walletBalance = '12345.6';
    await step();
    const [metrics] = (await db.pool.query<{ asset_usdt: string; nav: string }>(`SELECT asset_usdt::text, nav::text FROM account_metrics ORDER BY at DESC LIMIT 1`)).rows;
    const held = exchange.positions.get('BTCUSDT')!;
    const pnl = dec(held.amount).mul(dec(exchange.marketPrice).minus(held.entryPrice)).toDecimalPlaces(8);
    near(metrics.asset_usdt, dec('12345.6'));
    near(metrics.nav, dec('12345.6').plus(pnl));

    // A size that differs, then nothing on the exchange: one row each, however many minutes pass.
    held.amount = Number((held.amount - 0.005).toFixed(3));
    await step();
    await step();
    exchange.positions.clear();
    await step();
    await step();
    const sizes = (await divergences()).slice(1).map((row) => row.log_data.message);
    expect(sizes).toEqual([
      `position ${position.id} holds long ${dec(position.active_p_coins).toString()} BTCUSDT in the console, the exchange holds long ${dec(held.amount).toString()} BTCUSDT`,
      `position ${position.id} is open in the console (long ${dec(position.active_p_coins).toString()} BTCUSDT), the exchange holds none: closed as lost`,
    ]);
    // Adopted: the position is closed with nothing held, its signal finished, its exit cancelled on the exchange.
    const [lost] = (await db.pool.query<{ state: string; active_p_coins: string; status: string }>(
      `SELECT p.state, p.active_p_coins::text, s.status FROM positions p JOIN signals s ON s.id = p.signal_id WHERE p.id = $1`,
      [position.id],
    )).rows;
    expect(lost).toMatchObject({ state: 'closed', status: 'finished' });
    expect(dec(lost.active_p_coins).isZero()).toBe(true);
    const exits = (await orders(db)).filter((row) => row.order_type === 'exit');
    expect(exits.length).toBeGreaterThan(0);
    for (const exit of exits) {
      expect(exit.state).toBe('CANCELED');
      expect(exchange.held.get(`${prefixOf(db)}${exit.id}`)?.status).toBe('CANCELED');
    }

    // The exchange refuses the read twice (429, ccxt's DDoSProtection): one error row with its message; the metrics keep its last balance.
    exchange.failNext('rateLimit', '/fapi/v3/positionRisk');
    exchange.failNext('rateLimit', '/fapi/v3/positionRisk');
    await step();
    await step();
    expect(await readsFailed('positions and balance')).toEqual([
      { type: 'error', order_id: null, log_data: expect.objectContaining({ error: 'DDoSProtection', message: expect.stringContaining('Too many requests') }) },
    ]);
    const [kept] = (await db.pool.query<{ asset_usdt: string }>(`SELECT asset_usdt::text FROM account_metrics ORDER BY at DESC LIMIT 1`)).rows;
    near(kept.asset_usdt, dec(exchange.walletBalance));
  }, 120_000);

  it('an account whose secret the key cannot decrypt stops nobody: it is left out and trades on paper', async () => {
    const db = await demoDatabase();
    await db.pool.query(`UPDATE exchange_accounts SET api_secret_enc = 'x'`);
    const engine = await open(db);
    const rows = await untilOrders(engine, db);
    expect(rows[0]).toMatchObject({ state: 'PLACED', exchange_order_id: null });
    expect(exchange.requests).toEqual([]);
  }, 120_000);
});
