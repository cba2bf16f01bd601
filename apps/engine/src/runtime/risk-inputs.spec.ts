import { describe, expect, it } from 'vitest';
import { CandleBlock, MINUTE_MS } from '../market/candle';
import { dec } from '../money';
import type { SignalRun } from '../strategy/lifecycle';
import { PairMarket } from '../strategy/market-view';
import { candle, flatMarket, T0 } from '../strategy/testing/fixtures';
import { accountVar, CloseHistory, exposuresOf, oppositeMovePercent, type OppositeUnit } from './risk-inputs';

// Minute closes of two pairs (index = minute); the same moves as the VaR spec's: BTC +1 %, −1.98 %, 0,
// +3.03 %, −1 %; ETH 0, +5 %, −4.76 %, 0, 0.
const SERIES: Record<string, number[]> = {
  BTCUSDT: [100, 101, 99, 99, 102, 100.98, 101],
  ETHUSDT: [10, 10, 10.5, 10, 10, 10, 10],
};
const at = (i: number) => i * MINUTE_MS;

/** A model that answers from SERIES and counts what it was asked. */
function seriesModel() {
  const asked = { candles: 0, ranges: 0 };
  const model = {
    candle: (ticker: string, when: number) => {
      asked.candles++;
      const c = SERIES[ticker][when / MINUTE_MS];
      return { at: when, open: c, high: c, low: c, close: c, volume: 1 };
    },
    range: (ticker: string, from: number, to: number) => {
      asked.ranges++;
      const block = new CandleBlock((to - from) / MINUTE_MS);
      for (let t = from; t < to; t += MINUTE_MS) {
        const c = SERIES[ticker][t / MINUTE_MS];
        block.push(t, c, c, c, c, 1);
      }
      return block;
    },
  };
  return { model, asked };
}

/** A run as far as the exposures read it: the position and the orders. */
function run(side: 'long' | 'short', coins: number, mark: number, orders: { order_type: 'enter' | 'exit'; status: string; price: number; quantity: number; filled: number }[] = []): SignalRun {
  return {
    position: { side, active_p_coins: dec(coins), mark_price: dec(mark), current_price: dec(mark) },
    orders: orders.map((o) => ({ order_type: o.order_type, status: o.status, price: dec(o.price), quantity: dec(o.quantity), filled_quantity: dec(o.filled) })),
  } as unknown as SignalRun;
}

const SETTINGS = { lookbackMinutes: 5, horizonMinutes: 1, confidence: 0.8 };

describe('the close history for VaR', () => {
  it('reads the window whole once, then one minute at a time, and again whole after a gap', () => {
    const { model, asked } = seriesModel();
    const history = new CloseHistory(model, 3);
    expect(history.closes('BTCUSDT', at(4))).toEqual([101, 99, 99, 102]);
    expect(history.closes('BTCUSDT', at(5))).toEqual([99, 99, 102, 100.98]);
    expect(asked).toEqual({ candles: 1, ranges: 1 });
    expect(history.closes('BTCUSDT', at(5))).toEqual([99, 99, 102, 100.98]);
    expect(asked).toEqual({ candles: 1, ranges: 1 });
    // A minute skipped: read whole again.
    history.closes('BTCUSDT', at(3));
    expect(history.closes('BTCUSDT', at(6))).toEqual([99, 102, 100.98, 101]);
    expect(asked).toEqual({ candles: 1, ranges: 3 });
  });
});

describe('the account VaR of the open runs', () => {
  const runs = [
    {
      ticker: 'BTCUSDT',
      // 100 coins at 100: 10,000 long; one enter order of 50 coins still open (5,000 more), a filled one and the exit not counted.
      run: run('long', 100, 100, [
        { order_type: 'enter', status: 'FILLED', price: 99, quantity: 100, filled: 100 },
        { order_type: 'enter', status: 'PLACED', price: 100, quantity: 50, filled: 0 },
        { order_type: 'exit', status: 'PLACED', price: 105, quantity: 100, filled: 0 },
      ]),
    },
    // 500 coins short at 10: −5,000.
    { ticker: 'ETHUSDT', run: run('short', 500, 10) },
    // Nothing entered, nothing open: no exposure.
    { ticker: 'ETHUSDT', run: run('long', 0, 10, [{ order_type: 'enter', status: 'CANCELED_BY_TIMER', price: 10, quantity: 5, filled: 0 }]) },
  ];

  it('takes each position at its mark price, + long, − short, and adds the open enter orders for free VaR', () => {
    const { positions, withOrders } = exposuresOf(runs);
    expect(positions.map((e) => [e.ticker, e.notional.toFixed()])).toEqual([
      ['BTCUSDT', '10000'],
      ['ETHUSDT', '-5000'],
    ]);
    expect(withOrders.map((e) => [e.ticker, e.notional.toFixed()])).toEqual([...positions.map((e) => [e.ticker, e.notional.toFixed()]), ['BTCUSDT', '5000']]);
  });

  it('is the worst one-minute outcome of the five at 80 %, by hand', () => {
    const { model } = seriesModel();
    const result = accountVar(runs, new CloseHistory(model, 5), at(5), SETTINGS);
    // Minute 1 → 2: BTC 10,000 · (99 / 101 − 1) = −198.0198…, ETH −5,000 · (10.5 / 10 − 1) = −250.
    expect(result.var.toFixed()).toBe('448.01980198');
    // With the order: 15,000 · (99 / 101 − 1) − 250 = −547.0297…
    expect(result.varWithOrders.toFixed()).toBe('547.02970297');
    expect(accountVar([], new CloseHistory(model, 5), at(5), SETTINGS).var.toFixed()).toBe('0');
  });
});

describe("opposite_dir's measure", () => {
  // Six flat hours (ATR 2 on 1h bars), then an hour from 100 down to 94 with a low of 93 (TR 8): the
  // SMA ATR of the last five bars is (2 + 2 + 2 + 2 + 8) / 5 = 3.2, 3.40 % of the close of 94; the bar
  // moved 6 against a long, 1.875 ATRs.
  function falling(): PairMarket {
    const market = flatMarket(6);
    for (let m = 0; m < 60; m++) market.feed(candle(T0 + (360 + m) * MINUTE_MS, m === 0 ? 100 : 94, 101, 93, 94));
    market.feed(candle(T0 + 420 * MINUTE_MS, 94, 94, 94, 94));
    return market;
  }
  function flat(): PairMarket {
    const market = flatMarket(7);
    market.feed(candle(T0 + 420 * MINUTE_MS, 100, 101, 99, 100));
    return market;
  }
  const unit = (profileId: number, market: PairMarket, direction: 'long' | 'short'): OppositeUnit => ({ profileId, market, timeframe: '1h', direction, n: 5, algo: 'sma' });
  const units = [unit(1, falling(), 'long'), unit(1, flat(), 'long'), unit(2, falling(), 'short')];

  it('is the percent of the group’s pairs whose last bar moved sp ATRs against the profile, with ATR at least the percent', () => {
    expect(oppositeMovePercent(units, [1], 1.5, 3)).toBe(50);
    expect(oppositeMovePercent(units, [1, 2], 1.875, 3.4)).toBeCloseTo(100 / 3, 10);
    // 1.875 ATRs is the move: 1.9 is not reached; 3.41 % is above the ATR's 3.404 %.
    expect(oppositeMovePercent(units, [1, 2], 1.9, 3)).toBe(0);
    expect(oppositeMovePercent(units, [1], 1.5, 3.41)).toBe(0);
    // A fall is no opposite move for a short; no pairs, no measure.
    expect(oppositeMovePercent(units, [2], 0.5, 0)).toBe(0);
    expect(oppositeMovePercent(units, [9], 0.5, 0)).toBe(0);
  });
});
