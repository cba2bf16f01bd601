/**
 * The seeded market model: minute candles per pair from a geometric random walk with occasional
 * jumps. Deterministic (same seed, ticker and minute → same candle) and random-access: any minute range
 * is generated without walking from the beginning.
 *
 * How: the log price at each UTC day's start (the day's anchor) follows a daily walk from the model's
 * epoch, with a slow pull back to the start level (long-run spread about ±35 % per standard deviation)
 * so prices stay near real levels for years. The anchors are cumulative, cheap (one draw a day) and
 * cached per pair. Inside a day, the 1,440 minute steps are a Brownian bridge between the day's two
 * anchors plus the day's jumps, drawn from a generator seeded by (seed, ticker, day); a day is generated
 * whole into typed arrays and kept while its minutes are read.
 */
import { assertWholeMinute, blockFor, DAY_MS, MINUTE_MS, type Candle, type CandleBlock } from './candle';
import { instrumentOf, type Instrument } from './instruments';
import type { MarketData } from './port';
import { hashText, hashWords, Rng } from './prng';

/** The first minute the model knows: 2017-01-01T00:00Z. */
export const MODEL_EPOCH = Date.UTC(2017, 0, 1);
const MINUTES_PER_DAY = 1440;
const MINUTES_PER_YEAR = 525_600;
/** One standard deviation of the log price around its start level in the long run. */
const LONG_RUN_SPREAD = 0.35;
/** Jumps per day on average, and their size as a share of a day's volatility. */
const JUMPS_PER_DAY = 0.4;
const JUMP_SIZE = 0.8;
/** A wick's reach beyond the open/close body, as a share of a minute's volatility. */
const WICK = 0.6;

const STREAM = { drift: 1, jumps: 2, path: 3 } as const;

interface DayJumps {
  /** Minute of the day each jump happens in; it moves the price between that minute's open and close. */
  minutes: number[];
  sizes: number[];
  total: number;
}

class PairModel {
  readonly instrument: Instrument;
  private readonly key: number;
  private readonly minuteVol: number;
  private readonly dayVol: number;
  private readonly reversion: number;
  private readonly logStart: number;
  /** 10^tickDecimals: a price times this, rounded, over this, is the price on the tick (see roundToTick). */
  private readonly tickScale: number;
  /** Log price at each day's start, relative to the start price; anchors[0] = 0. */
  private anchors = new Float64Array(64);
  private anchorCount = 1;
  private cachedDay = -1;
  private readonly logs = new Float64Array(MINUTES_PER_DAY + 1);
  readonly open = new Float64Array(MINUTES_PER_DAY);
  readonly high = new Float64Array(MINUTES_PER_DAY);
  readonly low = new Float64Array(MINUTES_PER_DAY);
  readonly close = new Float64Array(MINUTES_PER_DAY);
  readonly volume = new Float64Array(MINUTES_PER_DAY);

  constructor(
    private readonly seed: number,
    ticker: string,
  ) {
    this.instrument = instrumentOf(ticker);
    this.key = hashText(ticker.toUpperCase());
    this.minuteVol = this.instrument.annualVolatility / Math.sqrt(MINUTES_PER_YEAR);
    this.dayVol = this.minuteVol * Math.sqrt(MINUTES_PER_DAY);
    // An AR(1) log price keeps a long-run variance of dayVol² / (2θ); θ is chosen for the spread wanted.
    this.reversion = (this.dayVol * this.dayVol) / (2 * LONG_RUN_SPREAD * LONG_RUN_SPREAD);
    this.logStart = Math.log(this.instrument.startPrice);
    this.tickScale = 10 ** this.instrument.tickDecimals;
  }

  private jumps(day: number): DayJumps {
    const rng = new Rng(hashWords(this.seed, this.key, day, STREAM.jumps));
    // Poisson count by inversion.
    let count = 0;
    let p = Math.exp(-JUMPS_PER_DAY);
    let cumulative = p;
    const u = rng.uniform();
    while (u > cumulative && count < 10) {
      count++;
      p *= JUMPS_PER_DAY / count;
      cumulative += p;
    }
    const minutes: number[] = [];
    const sizes: number[] = [];
    let total = 0;
    for (let j = 0; j < count; j++) {
      minutes.push(Math.floor(rng.uniform() * MINUTES_PER_DAY));
      const size = rng.normal() * JUMP_SIZE * this.dayVol;
      sizes.push(size);
      total += size;
    }
    return { minutes, sizes, total };
  }

  /** The log price (relative to the start) at the start of the day. */
  anchor(day: number): number {
    if (day >= this.anchorCount) {
      if (day >= this.anchors.length) {
        const grown = new Float64Array(Math.max(day + 1, this.anchors.length * 2));
        grown.set(this.anchors.subarray(0, this.anchorCount));
        this.anchors = grown;
      }
      for (let k = this.anchorCount; k <= day; k++) {
        const previous = this.anchors[k - 1];
        const drift = new Rng(hashWords(this.seed, this.key, k - 1, STREAM.drift)).normal() * this.dayVol;
        this.anchors[k] = previous * (1 - this.reversion) + drift + this.jumps(k - 1).total;
      }
      this.anchorCount = day + 1;
    }
    return this.anchors[day];
  }

  /** Makes the day's 1,440 candles the cached ones. */
  loadDay(day: number): void {
    if (day === this.cachedDay) return;
    const start = this.anchor(day);
    const end = this.anchor(day + 1);
    const jumps = this.jumps(day);
    const rng = new Rng(hashWords(this.seed, this.key, day, STREAM.path));
    const logs = this.logs;
    const sigma = this.minuteVol;

    // A plain walk W, then bent into a bridge so the diffusive part ends where the anchors say.
    logs[0] = 0;
    for (let i = 1; i <= MINUTES_PER_DAY; i++) logs[i] = logs[i - 1] + sigma * rng.normal();
    const bend = logs[MINUTES_PER_DAY] - (end - start - jumps.total);
    for (let i = 1; i <= MINUTES_PER_DAY; i++) logs[i] += this.logStart + start - (i / MINUTES_PER_DAY) * bend;
    logs[0] = this.logStart + start;
    for (let j = 0; j < jumps.minutes.length; j++) {
      for (let i = jumps.minutes[j] + 1; i < MINUTES_PER_DAY; i++) logs[i] += jumps.sizes[j];
    }
    // The day's last close is the next day's first open, exactly.
    logs[MINUTES_PER_DAY] = this.logStart + end;

    const { tick, minuteVolume } = this.instrument;
    const onTick = this.tickScale;
    let open = Math.max(tick, Math.round(Math.exp(logs[0]) * onTick) / onTick);
    for (let i = 0; i < MINUTES_PER_DAY; i++) {
      const close = Math.max(tick, Math.round(Math.exp(logs[i + 1]) * onTick) / onTick);
      const top = Math.max(open, close);
      const bottom = Math.min(open, close);
      const high = Math.max(top, Math.round(top * Math.exp(Math.abs(rng.normal()) * WICK * sigma) * onTick) / onTick);
      const low = Math.max(tick, Math.min(bottom, Math.round(bottom * Math.exp(-Math.abs(rng.normal()) * WICK * sigma) * onTick) / onTick));
      // Busier minutes move more: volume grows with the minute's move, around a log-normal base.
      const move = Math.abs(logs[i + 1] - logs[i]) / sigma;
      const quantity = minuteVolume * Math.exp(0.4 * rng.normal() - 0.08) * (0.6 + 0.4 * move);
      this.open[i] = open;
      this.high[i] = high;
      this.low[i] = low;
      this.close[i] = close;
      this.volume[i] = Math.round(quantity * 1e4) / 1e4;
      open = close;
    }
    this.cachedDay = day;
  }
}

export class MarketModel implements MarketData {
  private readonly pairs = new Map<string, PairModel>();

  constructor(readonly seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`the seed must be a whole number, got ${seed}`);
  }

  private pair(ticker: string): PairModel {
    let model = this.pairs.get(ticker);
    if (!model) {
      model = new PairModel(this.seed, ticker);
      this.pairs.set(ticker, model);
    }
    return model;
  }

  instrument(ticker: string): Instrument {
    return this.pair(ticker).instrument;
  }

  tickDecimals(ticker: string): number {
    return this.pair(ticker).instrument.tickDecimals;
  }

  candle(ticker: string, at: number): Candle {
    const [day, minute] = dayAndMinute(at);
    const model = this.pair(ticker);
    model.loadDay(day);
    return { at, open: model.open[minute], high: model.high[minute], low: model.low[minute], close: model.close[minute], volume: model.volume[minute] };
  }

  /**
   * The minutes of [from, to) the model has: a range reaching back before its first minute (a long
   * warm-up of monthly bars) answers from that minute on, as a store answers only the minutes it holds.
   */
  range(ticker: string, from: number, to: number, out?: CandleBlock): CandleBlock {
    assertWholeMinute(from);
    assertWholeMinute(to);
    const start = Math.max(from, MODEL_EPOCH);
    const block = blockFor(Math.max(0, (to - start) / MINUTE_MS), out);
    const model = this.pair(ticker);
    for (let at = start; at < to; ) {
      const [day, minute] = dayAndMinute(at);
      model.loadDay(day);
      const last = Math.min(MINUTES_PER_DAY, minute + (to - at) / MINUTE_MS);
      for (let i = minute; i < last; i++) {
        block.push(at, model.open[i], model.high[i], model.low[i], model.close[i], model.volume[i]);
        at += MINUTE_MS;
      }
    }
    return block;
  }
}

/** The seeded model as a market data source: what an engine given only a seed trades on. */
export function seededMarket(seed: number): MarketData {
  return new MarketModel(seed);
}

function dayAndMinute(at: number): [number, number] {
  assertWholeMinute(at);
  if (at < MODEL_EPOCH) throw new RangeError(`the market model starts at ${new Date(MODEL_EPOCH).toISOString()}`);
  const offset = at - MODEL_EPOCH;
  return [Math.floor(offset / DAY_MS), (offset % DAY_MS) / MINUTE_MS];
}
