import { describe, expect, it } from 'vitest';
import { dec } from '../money';
import { historicalVar } from './var';

// Five one-minute moves of BTC (+1 %, −1.98 %, 0, +3.03 %, −1 %) and ETH (0, +5 %, −4.76 %, 0, 0).
const closes = new Map<string, number[]>([
  ['BTCUSDT', [100, 101, 99, 99, 102, 100.98]],
  ['ETHUSDT', [10, 10, 10.5, 10, 10, 10]],
]);
const settings = { lookbackMinutes: 5, horizonMinutes: 1, confidence: 0.8 };

describe('historical VaR', () => {
  it('is the loss at the confidence quantile of the exposures revalued under each past move', () => {
    // Long 10,000 of BTC: outcomes 100, −198.02, 0, 303.03, −100; the worst of five at 80 %.
    expect(historicalVar([{ ticker: 'BTCUSDT', notional: dec(10000) }], closes, settings).toFixed()).toBe('198.01980198');
    // With 5,000 short of ETH the second move loses on both: −198.02 − 250.
    const both = [
      { ticker: 'BTCUSDT', notional: dec(10000) },
      { ticker: 'ETHUSDT', notional: dec(-5000) },
    ];
    expect(historicalVar(both, closes, settings).toFixed()).toBe('448.01980198');
    // At 60 % the second worst of five: −100.
    expect(historicalVar(both, closes, { ...settings, confidence: 0.6 }).toFixed()).toBe('100');
  });

  it('nets exposures of one pair, leaves out pairs without history, and is never below 0', () => {
    const netted = [
      { ticker: 'BTCUSDT', notional: dec(6000) },
      { ticker: 'BTCUSDT', notional: dec(4000) },
      { ticker: 'NOHISTORYUSDT', notional: dec(1_000_000) },
    ];
    expect(historicalVar(netted, closes, settings).toFixed()).toBe('198.01980198');
    expect(historicalVar([], closes, settings).toFixed()).toBe('0');
    // Only gains in every scenario: VaR 0.
    expect(historicalVar([{ ticker: 'UPUSDT', notional: dec(100) }], new Map([['UPUSDT', [1, 2, 3]]]), settings).toFixed()).toBe('0');
  });

  it('picks the same quantile as sorting every outcome would, at the default day of minutes', () => {
    // A seeded walk of 1,441 closes with repeated prices (ties) for two pairs, long one and short the other.
    let state = 7;
    const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const walk = (start: number) => {
      const series = [start];
      for (let i = 0; i < 1440; i++) series.push(Math.round(series[i] * (1 + (next() - 0.5) * 0.004) * 100) / 100);
      return series;
    };
    const series = new Map([['AUSDT', walk(50)], ['BUSDT', walk(8)]]);
    const exposures = [
      { ticker: 'AUSDT', notional: dec(3000) },
      { ticker: 'BUSDT', notional: dec(-1200) },
    ];
    const a = series.get('AUSDT') ?? [];
    const b = series.get('BUSDT') ?? [];
    const outcomes = Array.from({ length: 1381 }, (_, j) => 3000 * (a[j + 60] / a[j] - 1) - 1200 * (b[j + 60] / b[j] - 1)).sort((x, y) => x - y);
    expect(historicalVar(exposures, series).toNumber()).toBeCloseTo(-outcomes[Math.ceil(0.05 * 1381) - 1], 8);
  });
});
