/**
 * One-minute OHLCV candles, the engine's only view of a market. Prices are plain numbers already
 * rounded to the pair's tick (a power of ten, so each number's shortest text is the decimal meant and
 * `dec(price)` is exact); indicators read them as numbers, money arithmetic converts them to decimals.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface Candle {
  /** The minute's first millisecond (UTC epoch ms, a whole minute). */
  at: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Traded quantity in the base coin. */
  volume: number;
}

/**
 * Many candles as parallel typed arrays, filled in place: generating months of minutes for many pairs
 * allocates one block, not an object per minute.
 */
export class CandleBlock {
  length = 0;
  readonly at: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;

  constructor(readonly capacity: number) {
    this.at = new Float64Array(capacity);
    this.open = new Float64Array(capacity);
    this.high = new Float64Array(capacity);
    this.low = new Float64Array(capacity);
    this.close = new Float64Array(capacity);
    this.volume = new Float64Array(capacity);
  }

  push(at: number, open: number, high: number, low: number, close: number, volume: number): void {
    const i = this.length++;
    this.at[i] = at;
    this.open[i] = open;
    this.high[i] = high;
    this.low[i] = low;
    this.close[i] = close;
    this.volume[i] = volume;
  }

  /** Row i as an object (for tests and the few places that want one). */
  candle(i: number): Candle {
    if (i < 0 || i >= this.length) throw new RangeError(`no candle ${i} in a block of ${this.length}`);
    return { at: this.at[i], open: this.open[i], high: this.high[i], low: this.low[i], close: this.close[i], volume: this.volume[i] };
  }
}

/** Where candles come from: the seeded model or a replayed exchange export. */
export interface CandleSource {
  /** The candle of the minute starting at `at`, or null when the source has none for it. */
  candle(ticker: string, at: number): Candle | null;
  /**
   * The candles of the minutes in [from, to), oldest first, written into `out` (reset first; a block
   * with room for every minute of the range is made when none is given or it is too small).
   */
  range(ticker: string, from: number, to: number, out?: CandleBlock): CandleBlock;
}

/** A block that holds `minutes` rows: the one given when it is big enough, else a new one. */
export function blockFor(minutes: number, out?: CandleBlock): CandleBlock {
  const block = out && out.capacity >= minutes ? out : new CandleBlock(minutes);
  block.length = 0;
  return block;
}

export function assertWholeMinute(at: number): void {
  if (!Number.isSafeInteger(at) || at % MINUTE_MS !== 0) throw new RangeError(`not the start of a minute (epoch ms): ${at}`);
}

/** Whether the candle keeps low ≤ open, close ≤ high with positive prices and a volume ≥ 0 (one rule with the CSV parser). */
export { candleProblem } from '@console/contracts';
