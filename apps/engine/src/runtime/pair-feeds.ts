/**
 * The pair feeds: each traded pair's market as the strategy reads it, fed from the market data port,
 * and the minute context a run steps in (its candle, settings and the venue at that market).
 */
import type { Timeframe } from '@console/contracts';
import { VenueExecution } from '../execution/execution';
import type { Venue } from '../execution/port';
import { MINUTE_MS } from '../market/candle';
import type { MarketData } from '../market/port';
import { periodStart } from '../market/timeframes';
import { DEFAULT_VAR_SETTINGS } from '../metrics/var';
import { ATR_WINDOW_FACTOR } from '../strategy/indicators';
import type { MinuteContext } from '../strategy/lifecycle';
import { PairMarket } from '../strategy/market-view';
import { timeframesOf, type StrategySettings } from '../strategy/settings';

export interface PairFeed {
  ticker: string;
  market: PairMarket;
  timeframes: Set<Timeframe>;
  keep: number;
  minutesKept: number;
}

const TIMEFRAME_MINUTES: Record<Timeframe, number> = { '1h': 60, '4h': 240, '1d': 1440, '1w': 10_080, '1M': 44_640 };

export class PairFeeds {
  private readonly feeds = new Map<number, PairFeed>();
  /** Handed to each minute's context (`MinuteContext.shownFigures`): a backtest turns it off. */
  shownFigures = true;

  constructor(
    private readonly market: MarketData,
    private readonly venue: Venue,
    /** The last traded minute: a new feed is warmed up to it. */
    private readonly lastMinute: () => number,
  ) {}

  get(pairId: number): PairFeed | undefined {
    return this.feeds.get(pairId);
  }

  /**
   * The pair's market, fed up to the last traded minute; rebuilt when a profile needs more history, or
   * when it went stale (no run or profile traded the pair for a while, so no minute fed it): a stale
   * feed's bars would join the old minutes to the new ones as if nothing happened between.
   */
  pair(pairId: number, ticker: string, settings: StrategySettings): PairFeed {
    const { timeframes: needed, keep, minutesKept } = feedNeeds(settings);
    const found = this.feeds.get(pairId);
    const known = found && (found.market.last?.at ?? Number.NEGATIVE_INFINITY) >= this.lastMinute() ? found : undefined;
    if (known && needed.every((t) => known.timeframes.has(t)) && known.keep >= keep && known.minutesKept >= minutesKept) return known;
    const timeframes = new Set<Timeframe>([...(found?.timeframes ?? []), ...needed]);
    const kept = { keep: Math.max(keep, found?.keep ?? 0), minutesKept: Math.max(minutesKept, found?.minutesKept ?? 0) };
    const feed: PairFeed = { ticker, timeframes, ...kept, market: new PairMarket(ticker, { minutesKept: kept.minutesKept, timeframes: [...timeframes], barsKept: kept.keep }) };
    const block = this.market.range(ticker, warmupFrom({ timeframes: [...timeframes], ...kept }, this.lastMinute()), this.lastMinute() + MINUTE_MS);
    for (let i = 0; i < block.length; i++) feed.market.feed(block.candle(i));
    this.feeds.set(pairId, feed);
    return feed;
  }

  /** Drops the feeds of a ticker whose market changed, so the next minute warms them up from the new one. */
  forget(ticker: string): void {
    for (const [pairId, feed] of this.feeds) if (feed.ticker === ticker) this.feeds.delete(pairId);
  }

  /** The minute's context of a pair; `venue` is the account's (the engine's own venue when not given). */
  context(feed: PairFeed, settings: StrategySettings, minute: number, venue: Venue = this.venue): MinuteContext | null {
    const candle = feed.market.last;
    if (!candle || candle.at !== minute) return null;
    const tickDecimals = this.market.tickDecimals(feed.ticker);
    return { now: minute + MINUTE_MS, candle, market: feed.market, settings, execution: new VenueExecution(venue, { candle, tickDecimals }), tickDecimals, shownFigures: this.shownFigures };
  }
}

// Asked for every pair each minute; a profile's settings object is replaced, not changed, when they change.
const needsOfSettings = new WeakMap<StrategySettings, { timeframes: Timeframe[]; keep: number; minutesKept: number }>();

/** What a profile's settings need of a pair's feed: its time frames, bars kept and minutes kept. */
export function feedNeeds(settings: StrategySettings): { timeframes: Timeframe[]; keep: number; minutesKept: number } {
  let needs = needsOfSettings.get(settings);
  if (!needs) needsOfSettings.set(settings, (needs = readNeeds(settings)));
  return needs;
}

function readNeeds(settings: StrategySettings): { timeframes: Timeframe[]; keep: number; minutesKept: number } {
  return {
    timeframes: timeframesOf(settings),
    keep: ATR_WINDOW_FACTOR * Math.max(settings.signal.atr_n_periods, ...settings.le.map((l) => l.periods_amount)) + 2,
    minutesKept: settings.signal.timer_minutes + 1,
  };
}

/**
 * The warm-up's first minute: enough whole periods of the longest time frame before the last minute,
 * always the same window for the same minute, so an engine opened later sees the indicators an older
 * one saw.
 */
export function warmupFrom(needs: { timeframes: readonly Timeframe[]; keep: number; minutesKept: number }, lastMinute: number): number {
  const longest = Math.max(...needs.timeframes.map((t) => TIMEFRAME_MINUTES[t]));
  const back = Math.max((needs.keep + 2) * longest, needs.minutesKept + 1) * MINUTE_MS;
  const biggest = [...needs.timeframes].sort((a, b) => TIMEFRAME_MINUTES[b] - TIMEFRAME_MINUTES[a])[0];
  return periodStart(biggest, lastMinute - back);
}

/**
 * The first minute a candle-store window must hold for trading after `lastMinute`: the longest warm-up
 * any of the settings asks for (feeds of a pair merge their profiles' needs), or the VaR look-back,
 * whichever reaches further back. The paper engine and the backtest runner load the same window.
 */
export function storeWindowFrom(settings: readonly StrategySettings[], lastMinute: number): number {
  const union = { timeframes: new Set<Timeframe>(), keep: 0, minutesKept: 0 };
  for (const one of settings) {
    const needs = feedNeeds(one);
    for (const t of needs.timeframes) union.timeframes.add(t);
    union.keep = Math.max(union.keep, needs.keep);
    union.minutesKept = Math.max(union.minutesKept, needs.minutesKept);
  }
  const from = lastMinute - DEFAULT_VAR_SETTINGS.lookbackMinutes * MINUTE_MS;
  return union.timeframes.size ? Math.min(from, warmupFrom({ ...union, timeframes: [...union.timeframes] }, lastMinute)) : from;
}
