import { ENGINE_LOG_EVENTS, ENGINE_MESSAGES, POSITION_MESSAGES } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILL_SETTINGS, fillMarket } from '../fills/fills';
import { MINUTE_MS } from '../market/candle';
import { MarketModel } from '../market/model';
import { dec, toScale } from '../money';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const SEED = 7;
const TICKER = 'BTCUSDT';
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });
const model = new MarketModel(SEED);
/** The close of the minute before the engine's first: what a command between minutes trades at. */
const last = model.candle(TICKER, START - MINUTE_MS);
const tick = model.instrument(TICKER).tickDecimals;
const price = (factor: number) => toScale(last.close * factor, 'price').toDecimalPlaces(tick).toFixed();

interface World {
  accountId: number;
  profileId: number;
  pairId: number;
}

interface ForeignOrder {
  type: 'enter' | 'exit';
  price: string;
  quantity: string;
  filled?: string;
  status: string;
  tif?: string;
}

interface ForeignSignal {
  status: 'active' | 'in_queue';
  state: string;
  /** Minutes before START (negative: after it, as a writer with a clock ahead of the engine's). */
  age: number;
  orders?: ForeignOrder[];
  position?: { coins: string; avg: string | null; sizeUsd?: string; rPnl?: string; kExit?: string; kExitCoeff?: string };
  world?: World;
  pairId?: number;
  sizeCoins?: string;
  execution?: string;
}

/** A signal with its orders and position, inserted as another writer would: plain rows, no stored run. */
async function foreign(db: TestDatabase, world: World, spec: ForeignSignal): Promise<{ signalId: string; orderIds: string[]; positionId: string | null }> {
  const w = spec.world ?? world;
  const pairId = spec.pairId ?? w.pairId;
  const created = new Date(START - spec.age * MINUTE_MS).toISOString();
  const [signal] = (
    await db.pool.query<{ id: string }>(
      `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, execution, size_currency, size_coins, start_point,
                            current_price, created_at, updated_at, minute_activated_at)
       VALUES ($1, $2, $3, '1h', 'long', $4::text, $5, $6, 1000, $7, $8, $8, $9, $9, CASE WHEN $4::text = 'active' THEN $9::timestamptz END) RETURNING id::text`,
      [w.accountId, w.profileId, pairId, spec.status, spec.state, spec.execution ?? '0', spec.sizeCoins ?? '0', price(1), created],
    )
  ).rows;
  const orderIds: string[] = [];
  for (const o of spec.orders ?? []) {
    const state = o.status.startsWith('CANCELED_') ? 'CANCELED' : o.status;
    const [row] = (
      await db.pool.query<{ id: string }>(
        `INSERT INTO orders (signal_id, exchange_account_id, profile_id, pair_id, order_type, direction, position_direction, price, quantity, filled_quantity,
                             state, status, time_in_force, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5::text, CASE WHEN $5::text = 'enter' THEN 'buy' ELSE 'sell' END, 'long', $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id::text`,
        [signal.id, w.accountId, w.profileId, pairId, o.type, o.price, o.quantity, o.filled ?? '0', state, o.status, o.tif ?? 'GTC', created],
      )
    ).rows;
    orderIds.push(row.id);
  }
  let positionId: string | null = null;
  if (spec.position) {
    const p = spec.position;
    const [row] = (
      await db.pool.query<{ id: string }>(
        `INSERT INTO positions (signal_id, exchange_account_id, profile_id, pair_id, side, state, active_p_coins, active_p_size_usd, avg_e_price, r_pnl,
                                current_price, mark_price, k_exit, k_exit_coeff, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'long', 'open', $5, $6, $7, $8, $9, $9, $10, $11, $12, $12) RETURNING id::text`,
        [signal.id, w.accountId, w.profileId, pairId, p.coins, p.sizeUsd ?? (p.avg ? dec(p.coins).times(p.avg).toFixed(8) : '0'), p.avg, p.rPnl ?? '0', price(1), p.kExit ?? null, p.kExitCoeff ?? null, created],
      )
    ).rows;
    positionId = row.id;
  }
  return { signalId: signal.id, orderIds, positionId };
}

describe('the engine adopts open trading rows another writer made', () => {
  let db: TestDatabase;
  let world: World;
  let engine: PaperEngine;
  let keys = 0;
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
  const command = async (id: string) => (await rows<{ status: string; error: string | null }>(`SELECT status, error FROM engine_commands WHERE id = $1`, [id]))[0];

  /** A command as the API writes it: the row, and the target's action_state set to the pending one. */
  async function ask(kind: string, targetType: 'signal' | 'order' | 'position', targetId: string, payload: Record<string, unknown> = {}): Promise<string> {
    const table = { signal: 'signals', order: 'orders', position: 'positions' }[targetType];
    await db.pool.query(`UPDATE ${table} SET action_state = $2 WHERE id = $1`, [targetId, kind.startsWith('cancel') ? 'CANCELLING' : kind.startsWith('close') ? 'CLOSING' : 'CHANGING']);
    const [row] = await rows<{ id: string }>(
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ($1, $2, $3, $4, $5) RETURNING id::text`,
      [kind, targetType, targetId, JSON.stringify(payload), `adopt-${++keys}`],
    );
    return row.id;
  }

  // One signal of each open state, as the generator and the API's fixtures write them.
  let queued: Awaited<ReturnType<typeof foreign>>;
  let queuedWithOrders: Awaited<ReturnType<typeof foreign>>;
  let nothingFilled: Awaited<ReturnType<typeof foreign>>;
  let partlyEntered: Awaited<ReturnType<typeof foreign>>;
  let fullyEntered: Awaited<ReturnType<typeof foreign>>;
  let partlyOut: Awaited<ReturnType<typeof foreign>>;
  let fullyEnteredPartlyOut: Awaited<ReturnType<typeof foreign>>;
  let offList: Awaited<ReturnType<typeof foreign>>;
  let noSettings: Awaited<ReturnType<typeof foreign>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { profileId, accountId } = await seedProfile(db.pool, doc, [TICKER]);
    const [pair] = await rows<{ id: number }>(`SELECT id FROM pairs WHERE ticker = $1`, [TICKER]);
    world = { accountId, profileId, pairId: pair.id };
    // The bot off: the profile starts nothing of its own, so every row the engine moves is an adopted one.
    await db.pool.query(`UPDATE bot_status SET status = 'disabled'`);
    // Slots for every adopted signal, so the queued ones may start.
    await db.pool.query(`UPDATE mm_profiles SET max_signals_amount = 10`);

    queued = await foreign(db, world, { status: 'in_queue', state: 'active_np', age: 5 });
    queuedWithOrders = await foreign(db, world, {
      status: 'in_queue',
      state: 'active_np',
      age: 5,
      sizeCoins: '0.02',
      orders: [
        { type: 'enter', price: price(0.999), quantity: '0.01', status: 'PLACING' },
        { type: 'enter', price: price(0.99), quantity: '0.01', status: 'PLACING' },
      ],
    });
    nothingFilled = await foreign(db, world, {
      status: 'active',
      state: 'active_np',
      age: 10,
      sizeCoins: '0.02',
      orders: [
        { type: 'enter', price: price(0.98), quantity: '0.01', status: 'PLACED' },
        { type: 'enter', price: price(0.97), quantity: '0.01', status: 'PLACED' },
      ],
    });
    partlyEntered = await foreign(db, world, {
      status: 'active',
      state: 'active_pp',
      age: 20,
      execution: '50',
      sizeCoins: '0.01',
      orders: [
        { type: 'enter', price: price(1), quantity: '0.01', filled: '0.01', status: 'FILLED' },
        { type: 'enter', price: price(0.97), quantity: '0.01', status: 'PLACED' },
        { type: 'exit', price: price(1.05), quantity: '0.01', status: 'PLACED', tif: 'GTX' },
      ],
      position: { coins: '0.01', avg: price(1) },
    });
    fullyEntered = await foreign(db, world, {
      status: 'active',
      state: 'active_fp',
      age: 30,
      execution: '100',
      sizeCoins: '0.02',
      // A writer that marks orders FILLED without their filled quantity, and keeps no average price on the position.
      orders: [
        { type: 'enter', price: price(1.002), quantity: '0.01', status: 'FILLED' },
        { type: 'enter', price: price(0.998), quantity: '0.01', status: 'FILLED' },
        { type: 'exit', price: price(1.05), quantity: '0.02', status: 'PLACED' },
      ],
      position: { coins: '0.02', avg: null, sizeUsd: dec(price(1)).times('0.02').toFixed(8), kExit: price(1.05), kExitCoeff: '0.6' },
    });
    partlyOut = await foreign(db, world, {
      status: 'active',
      state: 'active_pp_pf',
      age: 40,
      execution: '50',
      sizeCoins: '0.01',
      orders: [
        { type: 'enter', price: price(1), quantity: '0.01', filled: '0.01', status: 'FILLED' },
        { type: 'enter', price: price(0.97), quantity: '0.01', status: 'PLACED' },
        { type: 'exit', price: price(1.05), quantity: '0.01', filled: '0.004', status: 'PARTIALLY_FILLED' },
      ],
      position: { coins: '0.006', avg: price(1), rPnl: '2.5' },
    });
    fullyEnteredPartlyOut = await foreign(db, world, {
      status: 'active',
      state: 'active_fp_pf',
      age: 50,
      execution: '100',
      sizeCoins: '0.02',
      orders: [
        { type: 'enter', price: price(1), quantity: '0.02', filled: '0.02', status: 'FILLED' },
        { type: 'exit', price: price(1.05), quantity: '0.02', filled: '0.01', status: 'PARTIALLY_FILLED' },
        { type: 'exit', price: price(1.06), quantity: '0.01', status: 'CANCELING' },
      ],
      position: { coins: '0.01', avg: price(1), rPnl: '1' },
    });
    // A pair the profile's ticker list does not hold, and a signal stamped later than the engine's clock.
    const [other] = await rows<{ id: number }>(`INSERT INTO pairs (ticker, is_active) VALUES ('ETHUSDT', true) RETURNING id`);
    offList = await foreign(db, world, {
      status: 'active',
      state: 'active_fp',
      age: -30,
      pairId: other.id,
      execution: '100',
      sizeCoins: '1',
      orders: [{ type: 'enter', price: String(model.candle('ETHUSDT', START - MINUTE_MS).close), quantity: '1', filled: '1', status: 'FILLED' }],
      position: { coins: '1', avg: String(model.candle('ETHUSDT', START - MINUTE_MS).close) },
    });
    // A profile whose settings document the engine cannot run.
    const [bare] = await rows<{ id: number }>(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, settings)
       SELECT 'Bare', 'active', 'long', '1h', exchange_account_id, mm_profile_id, ticker_config_id, '{}' FROM strategy_profiles WHERE id = $1 RETURNING id`,
      [world.profileId],
    );
    noSettings = await foreign(db, world, {
      world: { ...world, profileId: bare.id },
      status: 'active',
      state: 'active_pp',
      age: 15,
      orders: [
        { type: 'enter', price: price(1), quantity: '0.01', filled: '0.01', status: 'FILLED' },
        { type: 'enter', price: price(0.97), quantity: '0.01', status: 'PLACED' },
      ],
      position: { coins: '0.01', avg: price(1) },
    });
    engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
  });
  afterAll(() => db.drop());

  it('closes an adopted position at market: the position closed with its realised PnL, the signal finished, the command done', async () => {
    const id = await ask('close_market', 'position', fullyEntered.positionId ?? '');
    await engine.commands();
    expect(await command(id)).toEqual({ status: 'succeeded', error: null });
    const [position] = await rows<{ state: string; action_state: string; active_p_coins: string; u_pnl: string; r_pnl: string }>(
      `SELECT state, action_state, active_p_coins, u_pnl, r_pnl FROM positions WHERE id = $1`,
      [fullyEntered.positionId],
    );
    expect(position).toMatchObject({ state: 'closed', action_state: 'CLOSED' });
    expect(dec(position.active_p_coins).isZero() && dec(position.u_pnl).isZero()).toBe(true);
    // Everything held sold at the market of the engine's last minute, less the taker fee, against the
    // average the position's size gave (it had no average price of its own).
    const fill = fillMarket('sell', dec('0.02'), last.close, { tickDecimals: tick, volume: last.volume }, DEFAULT_FILL_SETTINGS);
    const avg = dec(price(1));
    expect(dec(position.r_pnl).equals(toScale(fill.price.minus(avg).times('0.02').minus(fill.fee), 'money'))).toBe(true);
    const exits = await rows<{ status: string; time_in_force: string; price: string; filled_quantity: string }>(
      `SELECT status, time_in_force, price, filled_quantity FROM orders WHERE signal_id = $1 AND order_type = 'exit' ORDER BY id`,
      [fullyEntered.signalId],
    );
    expect(exits.map((o) => [o.status, o.time_in_force])).toEqual([
      ['CANCELED_BY_MOVEMENT', 'GTC'],
      ['FILLED', 'IOC'],
    ]);
    expect(dec(exits[1].price).equals(fill.price)).toBe(true);
    const [signal] = await rows<{ status: string; state: string }>(`SELECT status, state FROM signals WHERE id = $1`, [fullyEntered.signalId]);
    expect(signal).toEqual({ status: 'finished', state: 'finished' });
  });

  it('cancels an adopted order and an adopted signal', async () => {
    const order = await ask('cancel_order', 'order', nothingFilled.orderIds[1]);
    const signal = await ask('cancel_signal', 'signal', queued.signalId);
    await engine.commands();
    expect(await command(order)).toEqual({ status: 'succeeded', error: null });
    expect(await command(signal)).toEqual({ status: 'succeeded', error: null });
    expect(await rows(`SELECT status, state, action_state FROM orders WHERE signal_id = $1 ORDER BY id`, [nothingFilled.signalId])).toEqual([
      { status: 'PLACED', state: 'PLACED', action_state: 'NONE' },
      { status: 'CANCELED_MANUAL', state: 'CANCELED', action_state: 'CANCELLED' },
    ]);
    expect(await rows(`SELECT status, state, action_state FROM signals WHERE id = $1`, [queued.signalId])).toEqual([
      { status: 'canceled', state: 'canceled_by_user', action_state: 'CANCELLED' },
    ]);
  });

  it('carries out every position command on adopted positions', async () => {
    const reduce = await ask('reduce_position', 'position', partlyEntered.positionId ?? '', { percent: '50' });
    const skip = await ask('set_skip_check', 'position', partlyOut.positionId ?? '', { skip_check_by_timer: true });
    const recover = await ask('recover_k_exit', 'position', fullyEnteredPartlyOut.positionId ?? '');
    await engine.commands();
    for (const id of [reduce, skip, recover]) expect(await command(id)).toEqual({ status: 'succeeded', error: null });
    const positions = await rows<{ signal_id: string; active_p_coins: string; reduce_p: string; skip_check_by_timer: boolean; k_e_recovery: boolean; action_state: string }>(
      `SELECT signal_id::text, active_p_coins, reduce_p, skip_check_by_timer, k_e_recovery, action_state FROM positions WHERE signal_id = ANY($1::bigint[]) ORDER BY signal_id`,
      [[partlyEntered.signalId, partlyOut.signalId, fullyEnteredPartlyOut.signalId]],
    );
    expect(positions.map((p) => [dec(p.active_p_coins).toFixed(), dec(p.reduce_p).toFixed(), p.skip_check_by_timer, p.k_e_recovery, p.action_state])).toEqual([
      ['0.005', '50', false, false, 'CHANGED'],
      ['0.006', '0', true, false, 'CHANGED'],
      ['0.01', '0', false, true, 'CHANGED'],
    ]);

    const limit = await ask('close_limit', 'position', partlyOut.positionId ?? '', { coefficient: '0.5' });
    const best = await ask('close_best_limit', 'position', fullyEnteredPartlyOut.positionId ?? '');
    await engine.commands();
    // Both wait for their price with the position CLOSING, as on the engine's own positions.
    expect(await command(limit)).toEqual({ status: 'pending', error: null });
    expect(await command(best)).toEqual({ status: 'pending', error: null });
    const [held] = await rows<{ best_limit: boolean; action_state: string }>(`SELECT best_limit, action_state FROM positions WHERE id = $1`, [fullyEnteredPartlyOut.positionId]);
    expect(held).toEqual({ best_limit: true, action_state: 'CLOSING' });
  });

  it('refuses commands on rows it cannot run, with the reason, and trades on', async () => {
    const close = await ask('close_market', 'position', noSettings.positionId ?? '');
    const cancel = await ask('cancel_order', 'order', noSettings.orderIds[1]);
    await engine.commands();
    expect(await command(close)).toEqual({ status: 'failed', error: ENGINE_MESSAGES.settingsInvalid });
    expect(await command(cancel)).toEqual({ status: 'failed', error: ENGINE_MESSAGES.settingsInvalid });
    expect(await rows(`SELECT state, action_state FROM positions WHERE id = $1`, [noSettings.positionId])).toEqual([{ state: 'open', action_state: 'NONE' }]);
  });

  it('steps every adopted run with the next minutes, by the same rules as its own', async () => {
    await engine.advance(START + 10 * MINUTE_MS);
    const stored = new Set((await rows<{ signal_id: string }>(`SELECT signal_id::text FROM engine_signal_runs`)).map((r) => r.signal_id));
    const open = await rows<{ id: string; updated_at: Date }>(`SELECT id::text, updated_at FROM signals WHERE finished_at IS NULL ORDER BY id`);
    // Every open signal but the one it cannot run is the engine's now (its run stored) and moved with the last minute.
    expect(open.length).toBeGreaterThan(2);
    for (const s of open) {
      const adopted = s.id !== noSettings.signalId;
      expect(stored.has(s.id), `signal ${s.id}`).toBe(adopted);
      expect(s.updated_at.getTime() === START + 11 * MINUTE_MS, `signal ${s.id}`).toBe(adopted);
    }
    expect(open.map((s) => s.id)).toContain(noSettings.signalId);

    // The queued signals took a free MM slot: the one with PLACING orders put those on the market, no second ladder.
    const queuedOrders = await rows<{ id: string; status: string }>(`SELECT id::text, status FROM orders WHERE signal_id = $1 AND order_type = 'enter' ORDER BY id`, [
      queuedWithOrders.signalId,
    ]);
    expect(queuedOrders.map((o) => o.id)).toEqual(queuedWithOrders.orderIds);
    expect(queuedOrders.every((o) => o.status !== 'PLACING')).toBe(true);
    expect((await rows<{ status: string }>(`SELECT status FROM signals WHERE id = $1`, [queuedWithOrders.signalId]))[0].status).not.toBe('in_queue');
    // The cancel another writer had asked for went through.
    const [canceling] = await rows<{ status: string }>(`SELECT status FROM orders WHERE id = $1`, [fullyEnteredPartlyOut.orderIds[2]]);
    expect(canceling.status).toBe('CANCELED_MANUAL');
    // The position on a pair off the profile's list is marked at its own pair's price.
    const [eth] = await rows<{ mark_price: string; updated_at: Date }>(`SELECT mark_price, updated_at FROM positions WHERE id = $1`, [offList.positionId]);
    expect(eth.updated_at.getTime()).toBeGreaterThan(START);
    expect(Number(eth.mark_price)).toBe(model.candle('ETHUSDT', eth.updated_at.getTime() - MINUTE_MS).close);

    const adopted = await rows<{ signal_id: string }>(`SELECT signal_id::text FROM logs WHERE event_type = $1 ORDER BY signal_id`, [ENGINE_LOG_EVENTS.signalAdopted]);
    expect(adopted.map((l) => l.signal_id)).toEqual(
      [queued, queuedWithOrders, nothingFilled, partlyEntered, fullyEntered, partlyOut, fullyEnteredPartlyOut, offList].map((s) => s.signalId),
    );
  });

  it('adopts a signal written while it runs, and ends one stamped ahead of its clock no earlier than it began', async () => {
    const late = await foreign(db, world, {
      status: 'active',
      state: 'active_fp',
      age: -120,
      execution: '100',
      sizeCoins: '0.01',
      orders: [{ type: 'enter', price: price(1), quantity: '0.01', filled: '0.01', status: 'FILLED' }],
      position: { coins: '0.01', avg: price(1) },
    });
    const id = await ask('close_market', 'position', late.positionId ?? '');
    await engine.commands();
    expect(await command(id)).toEqual({ status: 'succeeded', error: null });
    const [signal] = await rows<{ status: string; created_at: Date; finished_at: Date }>(`SELECT status, created_at, finished_at FROM signals WHERE id = $1`, [late.signalId]);
    expect(signal.status).toBe('finished');
    expect(signal.finished_at.getTime()).toBe(signal.created_at.getTime());
  });

  it('ends a signal stamped ahead of its clock within the millisecond no earlier than it began (rows keep microseconds, runs milliseconds)', async () => {
    const late = await foreign(db, world, {
      status: 'active',
      state: 'active_fp',
      age: -120,
      execution: '100',
      sizeCoins: '0.01',
      orders: [{ type: 'enter', price: price(1), quantity: '0.01', filled: '0.01', status: 'FILLED' }],
      position: { coins: '0.01', avg: price(1) },
    });
    await db.pool.query(`UPDATE signals SET created_at = created_at + interval '400 microseconds' WHERE id = $1`, [late.signalId]);
    const id = await ask('close_market', 'position', late.positionId ?? '');
    await engine.commands();
    expect(await command(id)).toEqual({ status: 'succeeded', error: null });
    const [signal] = await rows<{ status: string; in_order: boolean }>(`SELECT status, finished_at >= created_at AS in_order FROM signals WHERE id = $1`, [late.signalId]);
    expect(signal).toEqual({ status: 'finished', in_order: true });
  });

  it('takes a position holding more than its plan (over-plan) as whole: a command on it runs, and the execution is 100 %', async () => {
    // As the API's fixtures write one: an enter order still open for 0.01, a position of 0.03 beside it.
    const over = await foreign(db, world, {
      status: 'active',
      state: 'active_pp',
      age: 5,
      sizeCoins: '0.01',
      orders: [{ type: 'enter', price: price(0.97), quantity: '0.01', status: 'PLACED' }],
      position: { coins: '0.03', avg: price(1) },
    });
    const id = await ask('reduce_position', 'position', over.positionId ?? '', { percent: 50 });
    await engine.commands();
    expect(await command(id)).toEqual({ status: 'succeeded', error: null });
    const [signal] = await rows<{ execution: string }>(`SELECT execution FROM signals WHERE id = $1`, [over.signalId]);
    expect(Number(signal.execution)).toBe(100);
    const [position] = await rows<{ active_p_coins: string }>(`SELECT active_p_coins FROM positions WHERE id = $1`, [over.positionId]);
    expect(Number(position.active_p_coins)).toBe(0.015);
  });

  it('re-warms a pair feed gone stale: a signal on a pair nobody traded for a while is adopted at the market of now', async () => {
    // The off-list pair's only run ends; its feed then gets no minutes while the engine trades on.
    const closed = await ask('close_market', 'position', offList.positionId ?? '');
    await engine.commands();
    expect(await command(closed)).toEqual({ status: 'succeeded', error: null });
    await engine.advance(engine.lastMinute + 30 * MINUTE_MS);
    const minutesIn = (engine.lastMinute - START) / MINUTE_MS;
    const close = String(model.candle('ETHUSDT', engine.lastMinute).close);
    const [eth] = await rows<{ id: number }>(`SELECT id FROM pairs WHERE ticker = 'ETHUSDT'`);
    const late = await foreign(db, world, {
      status: 'active',
      state: 'active_fp',
      age: -minutesIn,
      pairId: eth.id,
      execution: '100',
      sizeCoins: '1',
      orders: [{ type: 'enter', price: close, quantity: '1', filled: '1', status: 'FILLED' }],
      position: { coins: '1', avg: close },
    });
    const id = await ask('close_market', 'position', late.positionId ?? '');
    await engine.commands();
    expect(await command(id)).toEqual({ status: 'succeeded', error: null });
    const [position] = await rows<{ state: string }>(`SELECT state FROM positions WHERE id = $1`, [late.positionId]);
    expect(position.state).toBe('closed');
  });
});

describe('a lost position (on the exchange, no signal) closed at market', () => {
  let db: TestDatabase;
  let engine: PaperEngine;
  let lostId: string;
  let keys = 0;
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
  const command = async (id: string) => (await rows<{ status: string; error: string | null }>(`SELECT status, error FROM engine_commands WHERE id = $1`, [id]))[0];
  async function closeLost(quantity: unknown): Promise<string> {
    await db.pool.query(`UPDATE positions SET action_state = 'CLOSING' WHERE id = $1`, [lostId]);
    const [row] = await rows<{ id: string }>(
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ('close_lost_position', 'position', $1, $2, $3) RETURNING id::text`,
      [lostId, JSON.stringify({ pair: 1, side: 'short', quantity }), `lost-${++keys}`],
    );
    return row.id;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    const { accountId } = await seedProfile(db.pool, doc, [TICKER]);
    const [pair] = await rows<{ id: number }>(`SELECT id FROM pairs WHERE ticker = $1`, [TICKER]);
    // As the API's fixtures write one: a short of 2 coins with its size, no entry price of its own.
    const [row] = await rows<{ id: string }>(
      `INSERT INTO positions (exchange_account_id, pair_id, side, active_p_size_usd, active_p_coins) VALUES ($1, $2, 'short', $3, 2) RETURNING id::text`,
      [accountId, pair.id, dec(price(1)).times(2).toFixed()],
    );
    lostId = row.id;
    engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
  });
  afterAll(() => db.drop());

  it('buys back part of it at the market, then the rest, and the row ends closed with what it realised', async () => {
    const tooMuch = await closeLost('2.5');
    const garbage = await closeLost('half');
    await engine.commands();
    expect(await command(tooMuch)).toEqual({ status: 'failed', error: POSITION_MESSAGES.quantityRange });
    expect(await command(garbage)).toEqual({ status: 'failed', error: POSITION_MESSAGES.quantityRange });

    const part = await closeLost('0.5');
    await engine.commands();
    expect(await command(part)).toEqual({ status: 'succeeded', error: null });
    const [left] = await rows<{ state: string | null; action_state: string; active_p_coins: string; active_p_size_usd: string; r_pnl: string; mark_price: string }>(
      `SELECT state, action_state, active_p_coins, active_p_size_usd, r_pnl, mark_price FROM positions WHERE id = $1`,
      [lostId],
    );
    // A short bought back: (entry − fill price) · 0.5 − the taker fee, at the engine's last minute.
    const fill = fillMarket('buy', dec('0.5'), last.close, { tickDecimals: tick, volume: last.volume }, DEFAULT_FILL_SETTINGS);
    const avg = dec(price(1));
    expect(left).toMatchObject({ state: null, action_state: 'CLOSED' });
    expect([dec(left.active_p_coins).toFixed(), dec(left.active_p_size_usd).toFixed(), dec(left.mark_price).toNumber()]).toEqual(['1.5', avg.times('1.5').toFixed(), last.close]);
    expect(dec(left.r_pnl).equals(toScale(avg.minus(fill.price).times('0.5').minus(fill.fee), 'money'))).toBe(true);

    const rest = await closeLost('1.5');
    await engine.commands();
    expect(await command(rest)).toEqual({ status: 'succeeded', error: null });
    const [closed] = await rows<{ state: string | null; action_state: string; coins: string; size: string; u_pnl: string; r_pnl: string; closed: boolean }>(
      `SELECT state, action_state, active_p_coins::text AS coins, active_p_size_usd::text AS size, u_pnl::text, r_pnl::text, closed_at IS NOT NULL AS closed FROM positions WHERE id = $1`,
      [lostId],
    );
    const restFill = fillMarket('buy', dec('1.5'), last.close, { tickDecimals: tick, volume: last.volume }, DEFAULT_FILL_SETTINGS);
    const realised = toScale(avg.minus(fill.price).times('0.5').minus(fill.fee), 'money').plus(toScale(avg.minus(restFill.price).times('1.5').minus(restFill.fee), 'money'));
    expect(closed).toMatchObject({ state: null, action_state: 'CLOSED', closed: true });
    expect([dec(closed.coins).toNumber(), dec(closed.size).toNumber(), dec(closed.u_pnl).toNumber()]).toEqual([0, 0, 0]);
    expect(dec(closed.r_pnl).toFixed()).toBe(realised.toFixed());
    // Closed: no longer a lost position to close.
    const again = await closeLost('1');
    await engine.commands();
    expect(await command(again)).toEqual({ status: 'failed', error: POSITION_MESSAGES.lostPositionNotFound });
  });
});
