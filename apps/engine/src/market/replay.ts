/**
 * Replayed markets: 1-minute OHLCV from a CSV file, in the layouts exchange exports come in (Binance
 * klines with or without a header, or a `timestamp,open,high,low,close,volume` header form). The
 * parsing is the contracts' CandleCsvParser, the one the API's candle imports read files with.
 */
import { CandleCsvError, CandleCsvParser } from '@console/contracts';
import { assertWholeMinute, blockFor, type Candle, type CandleBlock } from './candle';
import { tickDecimalsFor } from './instruments';
import type { MarketData } from './port';

export { CandleCsvError };

/** The candles of a CSV text, oldest first. */
export function parseCandlesCsv(text: string): Candle[] {
  const parser = new CandleCsvParser();
  const candles: Candle[] = [];
  for (const line of text.split(/\r?\n/)) {
    const row = parser.row(line);
    if (row) candles.push({ at: row.at, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
  }
  parser.end();
  return candles;
}

/** Parsed candles per ticker, read back by minute; minutes the file lacks have no candle. */
export class ReplaySource implements MarketData {
  private readonly series = new Map<string, { at: Float64Array; candles: Candle[]; tickDecimals: number }>();

  /** The pair's candles; its tick, when the export does not say, is six significant digits of the first close. */
  add(ticker: string, candles: readonly Candle[], tickDecimals = tickDecimalsFor(candles[0]?.close ?? 1)): void {
    this.series.set(ticker, { at: Float64Array.from(candles, (c) => c.at), candles: [...candles], tickDecimals });
  }

  addCsv(ticker: string, text: string, tickDecimals?: number): void {
    this.add(ticker, parseCandlesCsv(text), tickDecimals);
  }

  tickDecimals(ticker: string): number {
    const series = this.series.get(ticker);
    if (!series) throw new RangeError(`${ticker}: not in the replay`);
    return series.tickDecimals;
  }

  tickers(): string[] {
    return [...this.series.keys()];
  }

  /** Index of the first candle at or after `at`. */
  private lowerBound(at: Float64Array, minute: number): number {
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (at[mid] < minute) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  candle(ticker: string, at: number): Candle | null {
    assertWholeMinute(at);
    const series = this.series.get(ticker);
    if (!series) return null;
    const i = this.lowerBound(series.at, at);
    return i < series.at.length && series.at[i] === at ? series.candles[i] : null;
  }

  range(ticker: string, from: number, to: number, out?: CandleBlock): CandleBlock {
    assertWholeMinute(from);
    assertWholeMinute(to);
    const series = this.series.get(ticker);
    if (!series) return blockFor(0, out);
    const first = this.lowerBound(series.at, from);
    const end = this.lowerBound(series.at, to);
    const block = blockFor(Math.max(0, end - first), out);
    for (let i = first; i < end; i++) {
      const c = series.candles[i];
      block.push(c.at, c.open, c.high, c.low, c.close, c.volume);
    }
    return block;
  }
}
