import { candleBucketStart, type CandleBar, type CandleTimeframe } from '@console/contracts';
import { MINUTE_MS, seededMarket } from '@console/engine/runtime';

const DAY_MS = 1440 * MINUTE_MS;

/**
 * The seeded model's minutes of [from, until) as bars of a time frame, bucketed as the store buckets
 * stored minutes (candleBucketStart): first open, highest high, lowest low, last close, summed volume.
 * The same seed and pair give the same bars, so they are the minutes the run traded on. Read a day at a
 * time so a year of minutes is never held at once.
 */
export function modelCandles(seed: number, ticker: string, timeframe: CandleTimeframe, from: number, until: number): CandleBar[] {
  const key = `${seed}:${ticker}:${timeframe}:${from}:${until}`;
  const known = recent.get(key);
  if (known) {
    // Moved to the newest end: the least recently asked goes first.
    recent.delete(key);
    recent.set(key, known);
    return known;
  }
  const bars = computeModelCandles(seed, ticker, timeframe, from, until);
  recent.set(key, bars);
  if (recent.size > RECENT_ANSWERS) recent.delete(recent.keys().next().value!);
  return bars;
}

/**
 * The last answers, by their inputs: a year of a pair's model minutes takes about a second on the request's
 * thread, and a run's page asks for the same pair and time frame again on each visit. The same inputs
 * always give the same bars, so a kept answer is never stale; at most a few hundred bars each.
 */
const RECENT_ANSWERS = 32;
const recent = new Map<string, CandleBar[]>();

function computeModelCandles(seed: number, ticker: string, timeframe: CandleTimeframe, from: number, until: number): CandleBar[] {
  const market = seededMarket(seed);
  const decimals = market.tickDecimals(ticker);
  const bars: { time: number; open: number; high: number; low: number; close: number; volume: number }[] = [];
  let block: ReturnType<typeof market.range> | undefined;
  for (let start = from; start < until; start += DAY_MS) {
    block = market.range(ticker, start, Math.min(until, start + DAY_MS), block);
    for (let i = 0; i < block.length; i++) {
      const time = candleBucketStart(timeframe, block.at[i]);
      const last = bars.at(-1);
      if (last?.time === time) {
        last.high = Math.max(last.high, block.high[i]);
        last.low = Math.min(last.low, block.low[i]);
        last.close = block.close[i];
        last.volume += block.volume[i];
      } else {
        bars.push({ time, open: block.open[i], high: block.high[i], low: block.low[i], close: block.close[i], volume: block.volume[i] });
      }
    }
  }
  return bars.map((b) => ({
    time: new Date(b.time).toISOString(),
    open: b.open.toFixed(decimals),
    high: b.high.toFixed(decimals),
    low: b.low.toFixed(decimals),
    close: b.close.toFixed(decimals),
    volume: b.volume.toFixed(4),
  }));
}
