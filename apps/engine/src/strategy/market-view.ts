/**
 * One pair's market as the strategy reads it: the latest minute, the closes of the recent minutes (for
 * the rate of change over a timer) and the bars of each time frame a profile on the pair needs. Fed one
 * minute candle at a time; ATR values are kept until a bar completes.
 */
import type { Timeframe } from '@console/contracts';
import { MINUTE_MS, type Candle } from '../market/candle';
import { TimeframeBars, type AtrSmoothing } from './indicators';

export interface PairMarketOptions {
  /** The longest look-back in minutes any rule needs (ROC timers, signal durations are not look-backs). */
  minutesKept: number;
  timeframes: readonly Timeframe[];
  /** Completed bars kept per time frame: enough for 4N true ranges and the LE periods. */
  barsKept: number;
}

export class PairMarket {
  private readonly closes: Float64Array;
  private readonly stamps: Float64Array;
  private readonly bars = new Map<Timeframe, TimeframeBars>();
  private readonly atrMemo = new Map<string, { version: number; value: number | null }>();
  last: Candle | null = null;

  constructor(
    readonly ticker: string,
    options: PairMarketOptions,
  ) {
    const size = Math.max(2, options.minutesKept + 1);
    this.closes = new Float64Array(size);
    this.stamps = new Float64Array(size).fill(-1);
    for (const timeframe of options.timeframes) this.bars.set(timeframe, new TimeframeBars(timeframe, options.barsKept));
  }

  feed(candle: Candle): void {
    if (this.last && candle.at <= this.last.at) throw new RangeError(`${this.ticker}: candles must arrive oldest first`);
    const slot = (candle.at / MINUTE_MS) % this.closes.length;
    this.closes[slot] = candle.close;
    this.stamps[slot] = candle.at;
    for (const bars of this.bars.values()) bars.feed(candle);
    this.last = candle;
  }

  /** The close of the minute `minutes` before the latest one, or null when it is not kept or missing. */
  closeMinutesAgo(minutes: number): number | null {
    if (!this.last) return null;
    const at = this.last.at - minutes * MINUTE_MS;
    const slot = (at / MINUTE_MS) % this.closes.length;
    return minutes < this.closes.length && this.stamps[slot] === at ? this.closes[slot] : null;
  }

  timeframe(timeframe: Timeframe): TimeframeBars {
    const bars = this.bars.get(timeframe);
    if (!bars) throw new RangeError(`${this.ticker}: time frame ${timeframe} is not tracked`);
    return bars;
  }

  atr(timeframe: Timeframe, n: number, algo: AtrSmoothing, shift = 0): number | null {
    const bars = this.timeframe(timeframe);
    const key = `${timeframe}|${n}|${algo}|${shift}`;
    const memo = this.atrMemo.get(key);
    if (memo && memo.version === bars.version) return memo.value;
    const value = bars.atr(n, algo, shift);
    this.atrMemo.set(key, { version: bars.version, value });
    return value;
  }
}
