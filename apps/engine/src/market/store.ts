/**
 * The candle store as a market data source: an exchange's stored 1-minute candles, read through the
 * port's synchronous calls from a window held in memory. The runtime loads that window (`load`, through
 * a reader it gives, the only part that touches PostgreSQL) before it trades a span of minutes; the
 * source itself does no I/O, so the core stays pure.
 *
 * A minute the store does not hold has no candle: the source never fills a gap, and the engine leaves
 * the pair untraded for that minute (as a replay with a gap does).
 *
 * `AccountMarkets` puts the sources together behind the one port: a pair traded by an account whose
 * market is `store` or `live` reads its exchange's stored candles, every other pair the model.
 */
import { assertWholeMinute, blockFor, type Candle, type CandleBlock } from './candle';
import type { MarketData } from './port';

/** The stored minutes of one symbol in [from, to), oldest first. */
export type StoredCandleReader = (exchange: string, symbol: string, from: number, to: number) => Promise<Candle[]>;

/** Decimals a price has as its shortest text (at most 12, the price columns' scale). */
function decimalsOf(price: number): number {
  const text = String(price);
  if (text.includes('e-')) return 12;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(12, text.length - dot - 1);
}

/** A loaded window of one symbol: the minutes [from, to) were read; `candles` are those the store had. */
interface Window {
  from: number;
  to: number;
  at: number[];
  candles: Candle[];
  tickDecimals: number;
}

export class CandleStoreSource implements MarketData {
  private readonly windows = new Map<string, Window>();

  constructor(readonly exchange: string) {}

  /**
   * Makes [from, to) readable for `symbol`: only the minutes not read yet are read (a window that must
   * reach further back is read again whole), and minutes before `from` are let go, so memory holds what
   * the next span needs.
   */
  async load(read: StoredCandleReader, symbol: string, from: number, to: number): Promise<void> {
    assertWholeMinute(from);
    assertWholeMinute(to);
    const known = this.windows.get(symbol);
    if (!known || from < known.from || from > known.to) {
      const candles = await read(this.exchange, symbol, from, to);
      this.windows.set(symbol, { from, to, at: candles.map((c) => c.at), candles, tickDecimals: this.tickOf(candles, known) });
      return;
    }
    if (to > known.to) {
      const added = await read(this.exchange, symbol, known.to, to);
      known.candles.push(...added);
      known.at.push(...added.map((c) => c.at));
      known.to = to;
      if (known.tickDecimals < 0) known.tickDecimals = this.tickOf(added, undefined);
    }
    const drop = lowerBound(known.at, from);
    if (drop > 0) {
      known.candles.splice(0, drop);
      known.at.splice(0, drop);
    }
    known.from = from;
  }

  /**
   * The tick is the finest step the stored prices are written in (the store keeps each source's decimals),
   * so a fill rounded to it stays on a price the exchange printed. -1: no candle yet to judge by.
   */
  private tickOf(candles: readonly Candle[], known: Window | undefined): number {
    if (!candles.length) return known?.tickDecimals ?? -1;
    let decimals = 0;
    for (const c of candles) decimals = Math.max(decimals, decimalsOf(c.open), decimalsOf(c.high), decimalsOf(c.low), decimalsOf(c.close));
    return decimals;
  }

  tickDecimals(symbol: string): number {
    const tick = this.windows.get(symbol)?.tickDecimals ?? -1;
    if (tick < 0) throw new RangeError(`${symbol}: no candle of ${this.exchange} in the store`);
    return tick;
  }

  candle(symbol: string, at: number): Candle | null {
    assertWholeMinute(at);
    const window = this.windows.get(symbol);
    if (!window) return null;
    const i = lowerBound(window.at, at);
    return window.at[i] === at ? window.candles[i] : null;
  }

  range(symbol: string, from: number, to: number, out?: CandleBlock): CandleBlock {
    assertWholeMinute(from);
    assertWholeMinute(to);
    const window = this.windows.get(symbol);
    if (!window) return blockFor(0, out);
    const first = lowerBound(window.at, from);
    const end = lowerBound(window.at, to);
    const block = blockFor(Math.max(0, end - first), out);
    for (let i = first; i < end; i++) {
      const c = window.candles[i];
      block.push(c.at, c.open, c.high, c.low, c.close, c.volume);
    }
    return block;
  }
}

function lowerBound(at: readonly number[], minute: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < minute) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The engine's market: each pair from the model unless an account trading it reads the store. The
 * engine keeps one feed per pair, so a pair has one market at a time: when accounts with different
 * markets trade the same pair, the store wins (first the account with the lowest id), and the choice is
 * what `route` was last told.
 */
export class AccountMarkets implements MarketData {
  private readonly stores = new Map<string, CandleStoreSource>();
  /** ticker → the exchange whose stored candles it reads. */
  private routes = new Map<string, string>();

  constructor(readonly model: MarketData) {}

  /** Sets which tickers read the store; answers the tickers whose market changed (their feeds must be rebuilt). */
  route(routes: ReadonlyMap<string, string>): string[] {
    const changed = [...new Set([...this.routes.keys(), ...routes.keys()])].filter((ticker) => this.routes.get(ticker) !== routes.get(ticker));
    this.routes = new Map(routes);
    return changed;
  }

  /** The tickers on the store and their exchange. */
  routed(): ReadonlyMap<string, string> {
    return this.routes;
  }

  /** Makes [from, to) readable for every ticker on the store. */
  async load(read: StoredCandleReader, from: number, to: number): Promise<void> {
    for (const [ticker, exchange] of this.routes) {
      let store = this.stores.get(exchange);
      if (!store) this.stores.set(exchange, (store = new CandleStoreSource(exchange)));
      await store.load(read, ticker, from, to);
    }
  }

  private sourceOf(ticker: string): MarketData {
    const exchange = this.routes.get(ticker);
    return exchange === undefined ? this.model : (this.stores.get(exchange) ?? EMPTY);
  }

  tickDecimals(ticker: string): number {
    return this.sourceOf(ticker).tickDecimals(ticker);
  }

  candle(ticker: string, at: number): Candle | null {
    return this.sourceOf(ticker).candle(ticker, at);
  }

  range(ticker: string, from: number, to: number, out?: CandleBlock): CandleBlock {
    return this.sourceOf(ticker).range(ticker, from, to, out);
  }
}

/** A store not loaded yet: no candle. */
const EMPTY = new CandleStoreSource('');
