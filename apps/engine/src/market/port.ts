/**
 * The market data port: the only way the runtime reaches candles. A source answers for (pair, minute)
 * and knows the pair's tick; the seeded model, a CSV replay and a fixed candle list are sources today,
 * a candle store or a live feed later. Neither the runtime nor the strategy names a concrete source.
 */
import type { CandleSource } from './candle';

export interface MarketData extends CandleSource {
  /** Decimals of the pair's price tick: fills and exit prices are rounded to it. */
  tickDecimals(ticker: string): number;
}
