/**
 * Indicators on a candle stream: true range, ATR with the settings' smoothing, and the bars of a
 * working time frame built from minute candles as they arrive. Floats are fine here: these are
 * measures of movement, not money.
 *
 * ATR over N periods reads completed bars only (the forming one is left out, so a decision never uses
 * a bar that is not over). It is computed from the newest 4N true ranges: SMA is their last N's mean;
 * EMA (α = 2 / (N + 1)) and RMA (Wilder's, α = 1 / N) start from the mean of the first N and run
 * over the rest. A fixed window makes the value a function of those bars alone, whenever the
 * engine started.
 */
import type { ATR_SMOOTH_ALGOS, Timeframe } from '@console/contracts';
import type { Candle } from '../market/candle';
import { nextPeriodStart, periodStart } from '../market/timeframes';

export type AtrSmoothing = (typeof ATR_SMOOTH_ALGOS)[number];

/** True ranges the ATR window reads, per period of N. */
export const ATR_WINDOW_FACTOR = 4;

export function trueRange(high: number, low: number, previousClose: number | null): number {
  if (previousClose === null) return high - low;
  return Math.max(high - low, Math.abs(high - previousClose), Math.abs(low - previousClose));
}

/** The smoothed average of `values` (oldest first) over `n` periods; null with fewer than n values. */
export function smooth(values: ArrayLike<number>, n: number, algo: AtrSmoothing): number | null {
  if (n < 1 || values.length < n) return null;
  if (algo === 'sma') {
    let total = 0;
    for (let i = values.length - n; i < values.length; i++) total += values[i];
    return total / n;
  }
  let average = 0;
  for (let i = 0; i < n; i++) average += values[i];
  average /= n;
  const alpha = algo === 'ema' ? 2 / (n + 1) : 1 / n;
  for (let i = n; i < values.length; i++) average += alpha * (values[i] - average);
  return average;
}

/** A time-frame bar has a minute candle's shape; its `at` is the start of its period. */
export type Bar = Candle;

/**
 * The bars of one time frame, fed minute candles oldest first: completed bars (the newest `keep`) and
 * the forming one. A candle of a later period completes the forming bar; gaps simply leave no bar.
 */
export class TimeframeBars {
  private readonly done: Bar[] = [];
  private forming: Bar | null = null;
  private formingEnds = -Infinity;
  /** Bumped each time a bar completes, so derived values know when to recompute. */
  version = 0;

  constructor(
    readonly timeframe: Timeframe,
    private readonly keep: number,
  ) {}

  feed(candle: Candle): void {
    if (this.forming && candle.at < this.forming.at) throw new RangeError('candles must arrive oldest first');
    if (this.forming && candle.at >= this.formingEnds) {
      this.done.push(this.forming);
      if (this.done.length > this.keep) this.done.shift();
      this.forming = null;
      this.version++;
    }
    if (!this.forming) {
      const at = periodStart(this.timeframe, candle.at);
      this.forming = { at, open: candle.open, high: candle.high, low: candle.low, close: candle.close, volume: candle.volume };
      this.formingEnds = nextPeriodStart(this.timeframe, candle.at);
      return;
    }
    const bar = this.forming;
    bar.high = Math.max(bar.high, candle.high);
    bar.low = Math.min(bar.low, candle.low);
    bar.close = candle.close;
    bar.volume += candle.volume;
  }

  /** Completed bars, oldest first. */
  completed(): readonly Bar[] {
    return this.done;
  }

  current(): Bar | null {
    return this.forming;
  }

  /**
   * ATR over n periods of the completed bars, `shift` bars back (0: up to the newest completed bar,
   * 1: the ATR as it was one bar earlier); null until enough bars are there.
   */
  atr(n: number, algo: AtrSmoothing, shift = 0): number | null {
    const end = this.done.length - shift;
    const count = Math.min(ATR_WINDOW_FACTOR * n, end);
    if (count < n || end - count < 0) return null;
    const ranges = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const i = end - count + k;
      ranges[k] = trueRange(this.done[i].high, this.done[i].low, i > 0 ? this.done[i - 1].close : null);
    }
    return smooth(ranges, n, algo);
  }
}
