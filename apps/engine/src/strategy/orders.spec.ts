import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { planLadder } from './orders';
import { settings } from './testing/fixtures';

const text = (steps: ReturnType<typeof planLadder>) => steps.map((s) => [s.direction, s.price.toFixed(), s.quantity.toFixed(), s.timer_minutes]);

describe('enter ladder', () => {
  it('places a long’s orders below the start point, sized from the signal’s USD', () => {
    // 101.6 − 0 · 2 and 101.6 − 0.5 · 2; 500 / 101.6 and 500 / 100.6, cut to 12 decimals.
    const steps = planLadder(settings(), { start_point: dec('101.6'), atr: 2, size_currency: dec('1000'), tickDecimals: 2 });
    expect(text(steps)).toEqual([
      ['buy', '101.6', '4.921259842519', 30],
      ['buy', '100.6', '4.970178926441', 60],
    ]);
  });

  it('places a short’s orders above it, times the future price coefficient, on the tick', () => {
    const short = settings({ signal: { price_direction: 'fall' }, orders: { future_price_coefficient: 1.01 } });
    // 98.4 · 1.01 = 99.384 → 99.38; (98.4 + 0.5 · 2) · 1.01 = 100.394 → 100.39.
    const steps = planLadder(short, { start_point: dec('98.4'), atr: 2, size_currency: dec('1000'), tickDecimals: 2 });
    expect(text(steps)).toEqual([
      ['sell', '99.38', '5.031193399074', 30],
      ['sell', '100.39', '4.980575754557', 60],
    ]);
  });

  it('keeps prices at one tick at least and drops orders too small to hold a coin fraction', () => {
    const deep = settings({ orders: { enter_orders: [{ atr_distance_coefficient: 100, size_percent: 50, timer_minutes: 30 }, { atr_distance_coefficient: 0, size_percent: 0, timer_minutes: 30 }] } });
    const steps = planLadder(deep, { start_point: dec('101.6'), atr: 2, size_currency: dec('1000'), tickDecimals: 2 });
    expect(text(steps)).toEqual([['buy', '0.01', '50000', 30]]);
  });
});
