import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from './candle';
import { COIN_PROFILES, instrumentOf, splitTicker, tickDecimalsFor } from './instruments';
import { MODEL_EPOCH, MarketModel } from './model';

const T = Date.UTC(2024, 4, 14, 9, 30);

describe('market model', () => {
  it('gives the same candle for the same seed, ticker and minute, however it is reached', () => {
    const direct = new MarketModel(7).candle('BTCUSDT', T);
    const viaRange = new MarketModel(7);
    const block = viaRange.range('BTCUSDT', T - 2 * DAY_MS, T + 60 * MINUTE_MS);
    expect(block.length).toBe(2 * 1440 + 60);
    expect(block.candle(2 * 1440)).toEqual(direct);
    // Another pair read in between does not disturb the first one's days.
    viaRange.range('ETHUSDT', T - 300 * DAY_MS, T - 299 * DAY_MS);
    expect(viaRange.candle('BTCUSDT', T)).toEqual(direct);
    expect(new MarketModel(8).candle('BTCUSDT', T)).not.toEqual(direct);
    expect(new MarketModel(7).candle('ETHUSDT', T)).not.toEqual(direct);
  });

  it('starts near real price levels and stays there over the years', () => {
    const levels: [string, number, number][] = [
      ['BTCUSDT', 15_000, 250_000],
      ['ETHUSDT', 700, 15_000],
      ['SOLUSDT', 30, 700],
      ['LTCUSDT', 15, 400],
      ['DOGEUSDT', 0.02, 0.8],
    ];
    for (const seed of [1, 2, 3]) {
      const model = new MarketModel(seed);
      for (const [ticker, low, high] of levels) {
        expect(model.candle(ticker, MODEL_EPOCH).open).toBe(instrumentOf(ticker).startPrice);
        for (const year of [2018, 2020, 2022, 2024, 2026]) {
          const price = model.candle(ticker, Date.UTC(year, 0, 1)).close;
          expect(price, `${ticker} ${year} seed ${seed}`).toBeGreaterThan(low);
          expect(price, `${ticker} ${year} seed ${seed}`).toBeLessThan(high);
        }
      }
    }
  });

  it('keeps low ≤ open, close ≤ high, prices on the tick, and each open at the close before it', () => {
    const model = new MarketModel(42);
    for (const ticker of ['BTCUSDT', 'DOGEUSDT', 'SHIBUSDT', 'NEWCOINUSDT']) {
      const { tickDecimals } = model.instrument(ticker);
      const onTick = (price: number) => Number(price.toFixed(tickDecimals)) === price;
      // Half a day either side of midnight, so a day boundary is crossed.
      const block = model.range(ticker, T - DAY_MS / 2, T + DAY_MS / 2);
      const faults: string[] = [];
      for (let i = 0; i < block.length; i++) {
        const c = block.candle(i);
        if (c.low > Math.min(c.open, c.close) || c.high < Math.max(c.open, c.close) || c.low <= 0) faults.push(`${i}: range ${JSON.stringify(c)}`);
        if (![c.open, c.high, c.low, c.close].every(onTick)) faults.push(`${i}: off the tick ${JSON.stringify(c)}`);
        if (!(c.volume > 0)) faults.push(`${i}: volume ${c.volume}`);
        if (i > 0 && c.open !== block.close[i - 1]) faults.push(`${i}: open ${c.open} after close ${block.close[i - 1]}`);
      }
      expect(block.length).toBe(1440);
      expect(faults, ticker).toEqual([]);
    }
  });

  it('moves with the pair’s volatility and jumps now and then', () => {
    const model = new MarketModel(3);
    const { annualVolatility } = model.instrument('BTCUSDT');
    const minuteVol = annualVolatility / Math.sqrt(525_600);
    const block = model.range('BTCUSDT', Date.UTC(2023, 0, 1), Date.UTC(2023, 3, 1));
    const returns: number[] = [];
    for (let i = 1; i < block.length; i++) returns.push(Math.log(block.close[i] / block.close[i - 1]));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1));
    expect(sd / minuteVol).toBeGreaterThan(0.8);
    expect(sd / minuteVol).toBeLessThan(1.5);
    // A jump is a minute move no diffusion step of this size makes (beyond 10 standard deviations).
    expect(returns.filter((r) => Math.abs(r) > 10 * minuteVol).length).toBeGreaterThan(5);
  });

  it('refuses minutes it cannot give', () => {
    const model = new MarketModel(1);
    expect(() => model.candle('BTCUSDT', T + 1)).toThrow(/start of a minute/);
    expect(() => model.candle('BTCUSDT', MODEL_EPOCH - MINUTE_MS)).toThrow(/starts at 2017-01-01/);
    // A range reaching back before the first minute answers the minutes the model has.
    const early = model.range('BTCUSDT', MODEL_EPOCH - 10 * MINUTE_MS, MODEL_EPOCH + 2 * MINUTE_MS);
    expect([early.length, early.candle(0).at]).toEqual([2, MODEL_EPOCH]);
    expect(() => new MarketModel(0.5)).toThrow(/whole number/);
  });
});

describe('instruments', () => {
  it('starts every known coin at its reference price', () => {
    for (const [coin, profile] of Object.entries(COIN_PROFILES)) expect(profile.startPrice, coin).toBeGreaterThan(0);
    expect(COIN_PROFILES.BTC.startPrice).toBe(60_000);
    expect(instrumentOf('DOGEUSDT').startPrice).toBe(0.15);
  });

  it('splits tickers and picks ticks from the price level', () => {
    expect(splitTicker('BTCUSDT')).toEqual({ base: 'BTC', quote: 'USDT' });
    expect(splitTicker('eth/btc')).toEqual({ base: 'ETH', quote: 'BTC' });
    expect(splitTicker('SOLFDUSD')).toEqual({ base: 'SOL', quote: 'FDUSD' });
    expect(splitTicker('PEPE')).toEqual({ base: 'PEPE', quote: 'USDT' });
    expect([60_000, 3_000, 150, 0.15, 0.00002].map(tickDecimalsFor)).toEqual([1, 2, 3, 6, 10]);
    expect(instrumentOf('BTCUSDT').tick).toBe(0.1);
    expect(instrumentOf('ETHBTC').startPrice).toBeCloseTo(0.05, 12);
    const unknown = instrumentOf('ZZZUSDT');
    expect(unknown.startPrice).toBeGreaterThanOrEqual(0.1);
    expect(unknown.startPrice).toBeLessThanOrEqual(100);
    expect(instrumentOf('ZZZUSDT')).toEqual(unknown);
  });
});
