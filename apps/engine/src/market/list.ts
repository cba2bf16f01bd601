/**
 * A fixed list of consecutive minute candles per pair, held in memory and read by position: the
 * smallest market data source, for backtests on candles already loaded and for tests. Minutes outside
 * a pair's list have no candle.
 */
import { assertWholeMinute, blockFor, MINUTE_MS, type Candle, type CandleBlock } from './candle';
import { tickDecimalsFor } from './instruments';
import type { MarketData } from './port';

interface Series {
  first: number;
  candles: readonly Candle[];
  tickDecimals: number;
}

export class CandleList implements MarketData {
  private readonly series = new Map<string, Series>();

  /** The pair's candles, one per minute with no gap; the tick defaults to six significant digits of the first close. */
  constructor(pairs: Record<string, readonly Candle[]>, ticks: Record<string, number> = {}) {
    for (const [ticker, candles] of Object.entries(pairs)) {
      if (candles.length === 0) continue;
      const first = candles[0].at;
      assertWholeMinute(first);
      candles.forEach((c, i) => {
        if (c.at !== first + i * MINUTE_MS) throw new RangeError(`${ticker}: candle ${i} is not the minute after the one before`);
      });
      this.series.set(ticker, { first, candles, tickDecimals: ticks[ticker] ?? tickDecimalsFor(candles[0].close) });
    }
  }

  tickDecimals(ticker: string): number {
    const series = this.series.get(ticker);
    if (!series) throw new RangeError(`${ticker}: not in the candle list`);
    return series.tickDecimals;
  }

  candle(ticker: string, at: number): Candle | null {
    assertWholeMinute(at);
    const series = this.series.get(ticker);
    if (!series) return null;
    return series.candles[(at - series.first) / MINUTE_MS] ?? null;
  }

  range(ticker: string, from: number, to: number, out?: CandleBlock): CandleBlock {
    assertWholeMinute(from);
    assertWholeMinute(to);
    const series = this.series.get(ticker);
    if (!series) return blockFor(0, out);
    const start = Math.max(0, (from - series.first) / MINUTE_MS);
    const end = Math.min(series.candles.length, (to - series.first) / MINUTE_MS);
    const block = blockFor(Math.max(0, end - start), out);
    for (let i = start; i < end; i++) {
      const c = series.candles[i];
      block.push(c.at, c.open, c.high, c.low, c.close, c.volume);
    }
    return block;
  }
}
