import { describe, expect, it } from 'vitest';
import { VenueExecution } from '../execution/execution';
import { PaperVenue } from '../execution/paper-venue';
import { MINUTE_MS } from '../market/candle';
import { dec } from '../money';
import { newPosition } from '../positions/position';
import { cancelOrder, cancelSignal, closeBestLimit, closeLimit, closeLostPosition, closeMarket, CommandRefused, recoverKExit, reducePosition, setSkipCheck } from './commands';
import { startSignal, stepSignal, type MinuteContext, type SignalRun } from './lifecycle';
import type { PairMarket } from './market-view';
import type { StrategySettings } from './settings';
import { checkSignal } from './signal';
import { ACTION, candle, flatMarket, minute, settings } from './testing/fixtures';

const at = (m: number) => ACTION + m * MINUTE_MS;
/** One enter order at the start point 101.6 for all 1000 USD: 9.842519685039 coins bought at once (fee 0.5), exit at 102.8. */
const ONE_ORDER = { enter_orders: [{ atr_distance_coefficient: 0, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 };
const DEEP = { enter_orders: [{ atr_distance_coefficient: 3, size_percent: 100, timer_minutes: 30 }], orders_quantity: 1 };

function started(strategy: StrategySettings): { run: SignalRun; market: PairMarket; ctx: MinuteContext; s: StrategySettings } {
  const market = flatMarket();
  const ctx = minute(market, candle(ACTION, 100, 101.7, 100, 101.6), strategy);
  const verdict = checkSignal(strategy, market);
  if (!verdict.fires) throw new Error('the fixture signal did not fire');
  return { run: startSignal(verdict.figures, dec('1000'), 'start', ctx).run, market, ctx, s: strategy };
}

function step(run: SignalRun, market: PairMarket, s: StrategySettings, m: number, bar: [number, number, number, number]): SignalRun {
  return stepSignal(run, minute(market, candle(at(m), ...bar), s)).run;
}

const exitOrder = (run: SignalRun) => {
  const exit = run.orders.filter((o) => o.order_type === 'exit').at(-1);
  return exit && [exit.key, exit.price.toFixed(), exit.quantity.toFixed(), exit.status, exit.time_in_force];
};
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof CommandRefused) return error.message;
    throw error;
  }
  return 'done';
};

describe('signal and order commands', () => {
  it('cancel a signal only while nothing is processed, and an order only while it is open', () => {
    const deep = started(settings({ orders: DEEP }));
    const { run } = cancelSignal(deep.run, deep.ctx);
    expect(run.signal).toMatchObject({ status: 'canceled', state: 'canceled_by_user', finished_at: at(1) });
    expect(run.orders.map((o) => [o.status, o.exchange_status])).toEqual([['CANCELED_MANUAL', 'CANCELED']]);

    const cancelled = cancelOrder(deep.run, 1, deep.ctx).run;
    expect(cancelled.orders[0].status).toBe('CANCELED_MANUAL');
    expect(refusal(() => cancelOrder(cancelled, 1, deep.ctx))).toBe('This order is no longer open, so it cannot be cancelled.');

    const entered = started(settings({ orders: ONE_ORDER }));
    expect(refusal(() => cancelSignal(entered.run, entered.ctx))).toBe('Only a signal that is active and not yet processed can be cancelled.');
  });
});

describe('position commands', () => {
  it('close at market: everything sold with slippage, the signal finished', () => {
    const { run, ctx } = started(settings({ orders: ONE_ORDER }));
    const closed = closeMarket(run, ctx).run;
    // 101.6 · (1 − 0.0005 · (1 + 9.842519685039 / 1000)) = 101.5486… → 101.54; fees 0.5 in, 0.49966… out.
    expect(exitOrder(closed)).toEqual([3, '101.54', '9.842519685039', 'FILLED', 'IOC']);
    expect(closed.orders[1].status).toBe('CANCELED_BY_MOVEMENT');
    expect(closed.position.r_pnl.toFixed()).toBe('-1.5902559');
    expect(closed.signal).toMatchObject({ status: 'finished', state: 'finished' });
    expect(refusal(() => closeMarket(closed, ctx))).toBe('This signal has no open position to close.');
    const deep = started(settings({ orders: DEEP }));
    expect(refusal(() => closeMarket(deep.run, deep.ctx))).toBe('This signal has no open position to close.');
  });

  it('close limit: the exit at the new coefficient, held there by the rules until it fills', () => {
    const { run, market, ctx, s } = started(settings({ orders: ONE_ORDER }));
    expect(refusal(() => closeLimit(run, 1.5, ctx))).toBe('Coefficient must be less than or equal to 0.999');
    let held = closeLimit(run, 0.25, ctx).run;
    // 101.6 + 0.25 · 2.
    expect(exitOrder(held)).toEqual([3, '102.1', '9.842519685039', 'PLACED', 'GTC']);
    expect([held.position.k_exit?.toFixed(), held.position.k_exit_coeff]).toEqual(['102.1', 0.25]);
    // Past the time rule's 120 minutes the exit stays where the operator put it.
    for (let m = 1; m <= 121; m++) held = step(held, market, s, m, [101, 102, 100, 101]);
    expect(exitOrder(held)).toEqual([3, '102.1', '9.842519685039', 'PLACED', 'GTC']);
    held = step(held, market, s, 122, [101, 102.2, 100.5, 102]);
    expect(held.signal.status).toBe('finished');
    // Maker at 102.1: (102.1 − 101.6) · 9.842519685039 − 0.20098424 − 0.5.
    expect(held.position.r_pnl.toFixed()).toBe('4.22027559');
  });

  it('best limit: the exit chases the last price one tick away, post-only, until it fills', () => {
    const { run, market, ctx, s } = started(settings({ orders: ONE_ORDER }));
    let chased = closeBestLimit(run, ctx).run;
    expect(exitOrder(chased)).toEqual([3, '101.61', '9.842519685039', 'PLACED', 'GTX']);
    expect(chased.position.best_limit).toBe(true);
    chased = step(chased, market, s, 1, [101.6, 101.6, 101.2, 101.3]);
    expect(exitOrder(chased)).toEqual([4, '101.31', '9.842519685039', 'PLACED', 'GTX']);
    chased = step(chased, market, s, 2, [101.3, 101.4, 101.3, 101.35]);
    expect(chased.signal.status).toBe('finished');
    // Maker at 101.31: (101.31 − 101.6) · 9.842519685039 − 0.19943… − 0.5.
    expect(chased.position.r_pnl.toFixed()).toBe('-3.55375984');
  });

  it('reduce: the percent of the coins at market, the exit following the rest at once', () => {
    const { run, ctx } = started(settings({ orders: ONE_ORDER }));
    expect(refusal(() => reducePosition(run, 100, ctx))).toBe('Percent of reducing must be more than 0 and less than 100, with at most 2 decimals.');
    expect(refusal(() => reducePosition(run, '12.345', ctx))).toBe('Percent of reducing must be more than 0 and less than 100, with at most 2 decimals.');
    const reduced = reducePosition(run, 50, ctx).run;
    // Half of 9.842519685039, cut to 12 decimals, sold at 101.54.
    expect(reduced.orders.map((o) => [o.key, o.order_type, o.price.toFixed(), o.quantity.toFixed(), o.status])).toEqual([
      [1, 'enter', '101.6', '9.842519685039', 'FILLED'],
      [2, 'exit', '102.8', '9.842519685039', 'CANCELED_BY_MOVEMENT'],
      [3, 'exit', '101.54', '4.921259842519', 'FILLED'],
      [4, 'exit', '102.8', '4.92125984252', 'PLACED'],
    ]);
    expect([reduced.position.reduce_p.toFixed(), reduced.position.active_p_coins.toFixed(), reduced.position.r_pnl.toFixed()]).toEqual(['50', '4.92125984252', '-1.04512795']);
    expect(reduced.signal.state).toBe('active_fp_pf');
  });

  it('skip checks switch a rule off and back on; a k-exit recovery stops both for good', () => {
    const s = settings({
      orders: { ...ONE_ORDER, is_exit_rule_by_time: false, is_exit_rule_by_distance: true, exists_distance_quantity: 1, exit_d_threshold_settings: [{ change_exit_d_threshold_by_distance: 1, change_exit_coefficient_by_distance: 0.3 }] },
    });
    const { run, market } = started(s);
    // (101.6 − 99.5) / 2 = 1.05 ATRs against the long: coefficient 0.3, exit 101.6 + 0.6.
    const lowered = step(run, market, s, 1, [101.6, 101.6, 99.4, 99.5]);
    expect([lowered.position.k_exit?.toFixed(), lowered.position.k_exit_coeff]).toEqual(['102.2', 0.3]);
    const ctx = minute(market, candle(at(2), 99.5, 99.6, 99.4, 99.5), s);
    const skipped = setSkipCheck(lowered, { skip_check_by_distance: true }, ctx).run;
    expect([skipped.position.skip_check_by_distance, skipped.position.skip_check_by_timer, skipped.position.k_exit?.toFixed()]).toEqual([true, false, '102.8']);
    expect(setSkipCheck(skipped, { skip_check_by_distance: false }, ctx).run.position.k_exit?.toFixed()).toBe('102.2');
    expect(refusal(() => setSkipCheck(skipped, {}, ctx))).toBe('Send skip_check_by_timer, skip_check_by_distance or both.');
    const recovered = recoverKExit(lowered, ctx).run;
    expect([recovered.position.k_e_recovery, recovered.position.k_exit?.toFixed(), recovered.position.k_exit_coeff]).toEqual([true, '102.8', 0.6]);
    const later = step(recovered, market, s, 3, [99.5, 99.6, 99, 99.1]);
    expect(later.position.k_exit?.toFixed()).toBe('102.8');
  });

  it('close a lost position at market, in part or whole', () => {
    const lost = { ...newPosition('long'), state: null, active_p_coins: dec('2'), avg_e_price: dec('500'), active_p_size_usd: dec('1000') };
    // 510 · (1 − 0.0005) = 509.745 → 509.74; fee 509.74 · 0.5 · 0.0005 = 0.127435.
    // The paper venue at a minute that closed at 510 with no volume (the plain slippage rate).
    const at510 = new VenueExecution(new PaperVenue(), { candle: candle(ACTION, 510, 510, 510, 510, 0), tickDecimals: 2 });
    const after = closeLostPosition(lost, '0.5', at510);
    expect([after.state, after.active_p_coins.toFixed(), after.active_p_size_usd.toFixed(), after.r_pnl.toFixed()]).toEqual([null, '1.5', '750', '4.742565']);
    expect(refusal(() => closeLostPosition(after, '1.6', at510))).toBe(
      'Quantity must be more than 0 and at most the quantity the lost position holds.',
    );
    expect(closeLostPosition(after, '1.5', at510).active_p_coins.toFixed()).toBe('0');
  });
});
