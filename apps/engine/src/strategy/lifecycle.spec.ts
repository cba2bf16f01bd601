import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { activateSignal, startSignal, stepSignal, type MinuteContext, type SignalRun } from './lifecycle';
import type { PairMarket } from './market-view';
import type { StrategySettings } from './settings';
import { checkSignal } from './signal';
import { ACTION, candle, flatMarket, minute, settings } from './testing/fixtures';
import { dec } from '../money';

const at = (m: number) => ACTION + m * MINUTE_MS;

/** A long signal started at the action minute (close 101.6 = its start point), sized 1000 USD. */
function started(strategy: StrategySettings = settings(), outcome: 'start' | 'queue' = 'start'): { run: SignalRun; market: PairMarket; ctx: MinuteContext } {
  const market = flatMarket();
  const ctx = minute(market, candle(ACTION, 100, 101.7, 100, 101.6), strategy);
  const verdict = checkSignal(strategy, market);
  if (!verdict.fires) throw new Error('the fixture signal did not fire');
  return { run: startSignal(verdict.figures, dec('1000'), outcome, ctx).run, market, ctx };
}

/** Steps the run through candles, minute by minute. */
function walk(run: SignalRun, market: PairMarket, strategy: StrategySettings, candles: [number, number, number, number, number][]): { run: SignalRun; kinds: string[] } {
  const kinds: string[] = [];
  for (const [m, open, high, low, close] of candles) {
    const step = stepSignal(run, minute(market, candle(at(m), open, high, low, close), strategy));
    run = step.run;
    kinds.push(...step.events.map((e) => `${m}:${e.kind}${e.order_key ? `#${e.order_key}` : ''}${e.detail ? `(${e.detail})` : ''}`));
  }
  return { run, kinds };
}

const orders = (run: SignalRun) => run.orders.map((o) => [o.key, o.order_type, o.direction, o.price.toFixed(), o.quantity.toFixed(), o.filled_quantity.toFixed(), o.status, o.time_in_force]);
const flat = (from: number, to: number, price = 101): [number, number, number, number, number][] =>
  Array.from({ length: to - from + 1 }, (_, i) => [from + i, price, price + 0.2, price - 0.2, price]);

describe('a long signal’s life', () => {
  it('enters on its ladder, follows with the exit, and finishes when the exit fills', () => {
    const s = settings();
    const { run, market } = started(s);
    // Order 1 at the start point crosses the market (101.6 ≥ 101.6): taker at once. The exit rests at
    // 101.6 + 0.6 · ATR 2 = 102.8 for what was bought.
    expect(orders(run)).toEqual([
      [1, 'enter', 'buy', '101.6', '4.921259842519', '4.921259842519', 'FILLED', 'GTC'],
      [2, 'enter', 'buy', '100.6', '4.970178926441', '0', 'PLACED', 'GTC'],
      [3, 'exit', 'sell', '102.8', '4.921259842519', '0', 'PLACED', 'GTC'],
    ]);
    expect(run.signal).toMatchObject({ status: 'active', state: 'active_pp', minute_activated_at: at(1) });
    // Fee 101.6 × 4.921259842519 × 0.0005 = 0.24999999999997… → 0.25.
    expect([run.position.r_pnl.toFixed(), run.position.avg_e_price?.toFixed(), run.position.k_exit?.toFixed(), run.position.k_exit_coeff]).toEqual(['-0.25', '101.6', '102.8', 0.6]);
    // 100 · 4.921259842519 / (4.921259842519 + 4.970178926441).
    expect(run.signal.execution.toFixed()).toBe('49.75272008');

    // Minute 1 dips to 100.5: order 2 fills as maker at 100.6; the average moves and the exit with it,
    // keeping its size until the size timer (30 minutes) lets it grow.
    const first = walk(run, market, s, [[1, 101.6, 101.7, 100.5, 101]]);
    expect(first.kinds).toEqual(['1:order_filled#2(maker)', '1:order_cancelled#3(CANCELED_BY_MOVEMENT)', '1:order_placed#4']);
    // (4.921259842519 · 101.6 + 4.970178926441 · 100.6) / 9.89143876896 = 101.097527200791; + 1.2 → 102.3.
    expect(first.run.position.avg_e_price?.toFixed()).toBe('101.097527200791');
    expect(orders(first.run).at(-1)).toEqual([4, 'exit', 'sell', '102.3', '4.921259842519', '0', 'PLACED', 'GTC']);
    expect(first.run.signal.state).toBe('active_fp');

    // Thirty quiet minutes later the exit takes the whole position.
    const waited = walk(first.run, market, s, flat(2, 31));
    expect(waited.kinds).toEqual(['31:order_cancelled#4(CANCELED_BY_MOVEMENT)', '31:order_placed#5']);
    expect(orders(waited.run).at(-1)).toEqual([5, 'exit', 'sell', '102.3', '9.89143876896', '0', 'PLACED', 'GTC']);

    // The price reaches 102.3: the exit fills as maker and the signal is finished.
    const done = walk(waited.run, market, s, [[32, 101, 102.4, 101, 102.2]]);
    expect(done.kinds).toEqual(['32:order_filled#5(maker)', '32:signal_finished(finished)']);
    const { signal, position } = done.run;
    expect(signal).toMatchObject({ status: 'finished', state: 'finished', finished_at: at(33) });
    expect(position).toMatchObject({ state: 'closed', closed_at: at(33) });
    expect([position.active_p_coins.toFixed(), position.u_pnl.toFixed()]).toEqual(['0', '0']);
    // Fees 0.25 (taker), 100.6 · 4.970178926441 · 0.0002 = 0.1 and 102.3 · 9.89143876896 · 0.0002 = 0.20237884;
    // the exit realises (102.3 − 101.097527200791) · 9.89143876896 − 0.20237884 = 11.69180722; r_pnl = 11.69180722 − 0.35.
    expect(position.r_pnl.toFixed()).toBe('11.34180722');
    expect([signal.pnl_in_usd?.toFixed(), signal.pnl_in_percent?.toFixed(), signal.size_currency.toFixed(), signal.size_coins.toFixed(), signal.exit_place?.toFixed(), signal.execution.toFixed()]).toEqual([
      '11.34180722',
      '1.13418072',
      '1000',
      '9.89143876896',
      '102.3',
      '100',
    ]);
  });

  it('is missed when its enter orders run out their timers unfilled', () => {
    const s = settings({ signal: { revert_threshold: undefined }, orders: { enter_orders: [{ atr_distance_coefficient: 3, size_percent: 50, timer_minutes: 30 }, { atr_distance_coefficient: 4, size_percent: 50, timer_minutes: 60 }] } });
    const { run, market } = started(s);
    expect(orders(run).map((o) => o[3])).toEqual(['95.6', '93.6']);
    // Placed at minute 1's start; the candle of minute m ends at m + 1.
    const { run: end, kinds } = walk(run, market, s, flat(1, 60, 101.6));
    expect(kinds).toEqual(['30:order_cancelled#1(CANCELED_BY_TIMER)', '60:order_cancelled#2(CANCELED_BY_TIMER)', '60:signal_missed(missed)']);
    expect(end.signal).toMatchObject({ status: 'missed', state: 'missed', finished_at: at(61) });
    expect(end.orders.map((o) => [o.state, o.exchange_status])).toEqual([
      ['CANCELED', 'EXPIRED'],
      ['CANCELED', 'EXPIRED'],
    ]);
    expect(end.position.created_at).toBeNull();
  });

  it('is cancelled by ROC when the price gives back the revert threshold before any entry', () => {
    // Move from the origin 100 to the start point 101.6: 1.6; half of it given back is a close at 100.8.
    const s = settings({ orders: { enter_orders: [{ atr_distance_coefficient: 1, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 } });
    const { run, market } = started(s);
    const { run: end, kinds } = walk(run, market, s, [
      [1, 101.6, 101.6, 100.85, 100.9],
      [2, 100.9, 100.9, 100.7, 100.8],
    ]);
    expect(kinds).toEqual(['2:order_cancelled#1(CANCELED_BY_MOVEMENT)', '2:signal_cancelled(canceled_by_roc)']);
    expect(end.signal).toMatchObject({ status: 'canceled', state: 'canceled_by_roc' });
  });

  it('is cancelled by ATR when the ATR falls below its threshold of the price before any entry', () => {
    const s = settings({ orders: { enter_orders: [{ atr_distance_coefficient: 5, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 } });
    const { run, market } = started(s);
    // ATR 2 is 1.49 % of 134, under 1.5 %.
    const { run: end } = walk(run, market, s, [[1, 101.6, 134, 101.6, 134]]);
    expect(end.signal.state).toBe('canceled_by_atr');
  });

  it('cancels the ladder by movement when the price runs away beyond the high/low change for its timer', () => {
    const s = settings({ signal: { revert_threshold: undefined }, orders: { enter_orders: [{ atr_distance_coefficient: 3, size_percent: 100, timer_minutes: 600 }], orders_quantity: 1 } });
    const { run, market } = started(s);
    // 107 is 5.3 % above the start point 101.6 (limit 5 %), from minute 1 on: 30 minutes later the order goes.
    const { run: end, kinds } = walk(run, market, s, flat(1, 31, 107));
    expect(kinds).toEqual(['31:order_cancelled#1(CANCELED_BY_MOVEMENT)', '31:signal_missed(missed)']);
    expect(end.signal.status).toBe('missed');
  });

  it('closes at market when the signal reaches its max duration', () => {
    const s = settings({ signal: { signal_duration_minutes: 60 }, orders: { enter_orders: [{ atr_distance_coefficient: 0, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 } });
    const { run, market } = started(s);
    const { run: end, kinds } = walk(run, market, s, flat(1, 60));
    expect(kinds).toEqual(['60:order_cancelled#2(CANCELED_BY_MOVEMENT)', '60:order_placed#3(market)', '60:order_filled#3(taker)', '60:signal_finished(finished)']);
    // 9.842519685039 coins sold at 101 · (1 − 0.0005 · (1 + 9.842519685039 / 1000)) = 100.949… → 100.94 (down to the tick).
    expect(orders(end).at(-1)).toEqual([3, 'exit', 'sell', '100.94', '9.842519685039', '9.842519685039', 'FILLED', 'IOC']);
    // Fees 0.5 in, 0.49675197 out: (100.94 − 101.6) · 9.842519685039 − 0.49675197 − 0.5.
    expect(end.position.r_pnl.toFixed()).toBe('-7.49281496');
    expect(end.signal).toMatchObject({ status: 'finished', state: 'finished' });
    expect(end.signal.exit_place?.toFixed()).toBe('100.94');
  });

  it('lowers the exit by the time rule once the position is old enough', () => {
    const s = settings({ orders: { enter_orders: [{ atr_distance_coefficient: 0, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 } });
    const { run, market } = started(s);
    // Candles 100–102 keep every hourly true range at 2, so the ATR stays 2.
    const candles = Array.from({ length: 120 }, (_, i): [number, number, number, number, number] => [i + 1, 101, 102, 100, 101]);
    const { run: end, kinds } = walk(run, market, s, candles);
    expect(kinds).toEqual(['120:order_cancelled#2(CANCELED_BY_MOVEMENT)', '120:order_placed#3']);
    // 120 minutes in position: coefficient 0.5, k_exit = 101.6 + 0.5 · 2.
    expect([end.position.k_exit?.toFixed(), end.position.k_exit_coeff]).toEqual(['102.6', 0.5]);
  });

  it('waits in the queue for an MM slot as long as its first order’s timer, then is canceled_by_mmsp', () => {
    const s = settings();
    const queued = started(s, 'queue');
    expect(queued.run.signal).toMatchObject({ status: 'in_queue', state: 'active_np', minute_activated_at: null });
    expect(queued.run.orders).toEqual([]);
    const { run: end, kinds } = walk(queued.run, queued.market, s, flat(1, 30, 101.6));
    expect(kinds).toEqual(['30:signal_cancelled(canceled_by_mmsp)']);
    expect(end.signal.status).toBe('canceled');

    // Started by the caller when a slot frees: the ladder goes to the market then.
    const other = started(s, 'queue');
    const ctx = minute(other.market, candle(at(1), 101.6, 101.6, 101.2, 101.3), s);
    const { run: active } = activateSignal(other.run, ctx);
    expect(active.signal).toMatchObject({ status: 'active', minute_activated_at: at(2) });
    expect(orders(active).map((o) => [o[3], o[6]])).toEqual([
      ['101.6', 'FILLED'],
      ['100.6', 'PLACED'],
      ['102.5', 'PLACED'],
    ]);
    // Order 1 crossed the market at 101.3: a taker fill at 101.3, not at its limit; the exit is 101.3 + 1.2.
    expect(active.position.avg_e_price?.toFixed()).toBe('101.3');
  });

  it('runs a short the same way, mirrored: sells at the start point, buys back below it', () => {
    const s = settings({ signal: { price_direction: 'fall' }, orders: { future_price_coefficient: 1, enter_orders: [{ atr_distance_coefficient: 0, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 } });
    const market = flatMarket();
    // Start point 100 − 0.8 · 2 = 98.4, reached by the close.
    const ctx = minute(market, candle(ACTION, 100, 100, 98.3, 98.4), s);
    const verdict = checkSignal(s, market);
    if (!verdict.fires) throw new Error('the short did not fire');
    const { run } = startSignal(verdict.figures, dec('1000'), 'start', ctx);
    // 1000 / 98.4 coins sold at once (98.4 ≤ 98.4 crosses); the exit buys back at 98.4 − 0.6 · 2.
    expect(orders(run)).toEqual([
      [1, 'enter', 'sell', '98.4', '10.162601626016', '10.162601626016', 'FILLED', 'GTC'],
      [2, 'exit', 'buy', '97.2', '10.162601626016', '0', 'PLACED', 'GTC'],
    ]);
    const { run: end } = walk(run, market, s, [[1, 98.4, 98.5, 97.2, 97.3]]);
    expect([end.signal.status, end.position.side, end.position.state]).toEqual(['finished', 'short', 'closed']);
    // (98.4 − 97.2) · 10.162601626016 − 0.19756098 (maker) − 0.5 (taker).
    expect(end.position.r_pnl.toFixed()).toBe('11.49756097');
  });
});
