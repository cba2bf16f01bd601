import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { smooth, TimeframeBars, trueRange } from './indicators';
import { PairMarket } from './market-view';
import { candle, T0 } from './testing/fixtures';

const HOUR = 60 * MINUTE_MS;

/** Hourly bars whose true ranges are `ranges` (open = close = 100, high and low around it), then one forming minute. */
function barsWithRanges(ranges: number[]): TimeframeBars {
  const bars = new TimeframeBars('1h', 50);
  ranges.forEach((r, h) => bars.feed(candle(T0 + h * HOUR, 100, 100 + r / 2, 100 - r / 2, 100)));
  bars.feed(candle(T0 + ranges.length * HOUR, 100, 100, 100, 100));
  return bars;
}

describe('smoothing', () => {
  it('averages as SMA, EMA and RMA do', () => {
    const values = [1, 2, 3, 4, 5, 6];
    // SMA: (4 + 5 + 6) / 3. EMA (α = 0.5) from the mean of 1, 2, 3 = 2: 3, 4, 5.
    expect(smooth(values, 3, 'sma')).toBe(5);
    expect(smooth(values, 3, 'ema')).toBe(5);
    // RMA (α = 1/3) from 2: 8/3, 31/9, 116/27.
    expect(smooth(values, 3, 'rma')).toBeCloseTo(116 / 27, 12);
    expect(smooth([1, 2], 3, 'sma')).toBeNull();
  });

  it('takes the true range against the previous close', () => {
    expect(trueRange(10, 8, null)).toBe(2);
    expect(trueRange(10, 8, 11)).toBe(3);
    expect(trueRange(10, 8, 7)).toBe(3);
    expect(trueRange(10, 8, 9)).toBe(2);
  });
});

describe('time frame bars', () => {
  it('build bars from minutes and complete one when a later period starts', () => {
    const bars = new TimeframeBars('1h', 10);
    bars.feed(candle(T0, 100, 101, 99, 100.5, 1));
    bars.feed(candle(T0 + 30 * MINUTE_MS, 100.5, 103, 100, 102, 2));
    expect(bars.completed()).toEqual([]);
    bars.feed(candle(T0 + HOUR, 102, 102.5, 101, 101.5, 3));
    expect(bars.completed()).toEqual([{ at: T0, open: 100, high: 103, low: 99, close: 102, volume: 3 }]);
    expect(bars.current()).toEqual({ at: T0 + HOUR, open: 102, high: 102.5, low: 101, close: 101.5, volume: 3 });
    expect(bars.atr(1, 'sma')).toBe(4);
    expect(() => bars.feed(candle(T0, 1, 1, 1, 1))).toThrow(/oldest first/);
  });

  it('give ATR over completed bars, now and one bar back', () => {
    const bars = barsWithRanges([2, 4, 6, 8, 10, 12]);
    expect(bars.atr(3, 'sma')).toBe(10);
    expect(bars.atr(3, 'sma', 1)).toBe(8);
    // EMA from the mean of 2, 4, 6 = 4: 6, 8, 10. RMA from 4: 16/3, 62/9, 232/27.
    expect(bars.atr(3, 'ema')).toBe(10);
    expect(bars.atr(3, 'rma')).toBeCloseTo(232 / 27, 12);
    // Two bars back only four ranges are left: enough for N = 3, not for N = 5.
    expect(bars.atr(3, 'sma', 2)).toBe(6);
    expect(bars.atr(5, 'sma', 2)).toBeNull();
  });

  it('read only the newest 4N true ranges, so the start of the history does not matter', () => {
    const long = barsWithRanges([50, 50, 50, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    // N = 2: the window is the last 8 ranges, all 2; EMA and RMA forget the 50s entirely.
    expect(long.atr(2, 'ema')).toBe(2);
    expect(long.atr(2, 'rma')).toBe(2);
  });
});

describe('pair market', () => {
  it('keeps recent closes by minute and the ATR until a bar completes', () => {
    const market = new PairMarket('TESTUSDT', { minutesKept: 5, timeframes: ['1h'], barsKept: 10 });
    for (let m = 0; m < 10; m++) market.feed(candle(T0 + m * MINUTE_MS, 100 + m, 101 + m, 99 + m, 100 + m));
    expect(market.closeMinutesAgo(0)).toBe(109);
    expect(market.closeMinutesAgo(5)).toBe(104);
    expect(market.closeMinutesAgo(6)).toBeNull();
    expect(market.atr('1h', 5, 'sma')).toBeNull();
    expect(() => market.timeframe('4h')).toThrow(/not tracked/);
    expect(() => market.feed(candle(T0, 1, 1, 1, 1))).toThrow(/oldest first/);
  });
});
