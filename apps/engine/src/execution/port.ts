/**
 * The execution and venue port. The strategy decides; it sends intents (place a limit order, open or
 * exit at market, cancel) to an `Execution`, which hands them to a `Venue` and answers with what the
 * venue did: the order rests, fills, expires or is cancelled. Fills of resting orders come back the same
 * way each minute. The paper venue (paper-venue.ts) is today's fill rules; a venue that places real
 * orders answers through the same types, so the strategy does not change when it arrives.
 */
import type { OrderSide, TimeInForce } from '@console/contracts';
import type { Candle } from '../market/candle';
import type { Dec } from '../money';

export type Liquidity = 'maker' | 'taker';

/** A venue's report of one trade on an order. */
export interface Fill {
  price: Dec;
  quantity: Dec;
  /** Quote currency, money scale. */
  fee: Dec;
  liquidity: Liquidity;
}

/** The part of an order a venue reads (named as the orders columns are). */
export interface LimitOrder {
  /** The order's key in its run: a venue that names orders on an exchange finds the row by it. */
  key?: number;
  direction: OrderSide;
  price: Dec;
  quantity: Dec;
  filled_quantity: Dec;
  time_in_force: TimeInForce;
}

/** The market an order meets: the pair's latest minute candle and its tick. */
export interface VenueMarket {
  candle: Candle;
  tickDecimals: number;
}

/** What the strategy asks for. */
export type Intent =
  /** A limit order reaches the book. */
  | { kind: 'place'; order: LimitOrder }
  /** A market order that enters (opens or adds to) or exits a position. */
  | { kind: 'open' | 'exit'; direction: OrderSide; quantity: Dec }
  /** An open order leaves the book. */
  | { kind: 'cancel'; order: LimitOrder };

/** What the venue did with an intent, at once. */
export type ExecutionEvent = { kind: 'rests' } | { kind: 'filled'; fill: Fill } | { kind: 'expired' } | { kind: 'cancelled' };

/** Where orders go: the paper venue, later an exchange. */
export interface Venue {
  place(order: LimitOrder, market: VenueMarket): ExecutionEvent;
  atMarket(direction: OrderSide, quantity: Dec, market: VenueMarket): Fill;
  cancel(order: LimitOrder): ExecutionEvent;
  /** The fill a resting order gets from the market's minute, or null when it gets none. */
  match(order: LimitOrder, market: VenueMarket): Fill | null;
}

/** The strategy's side of the port, for one pair and minute. */
export interface Execution {
  submit(intent: Intent): ExecutionEvent;
  /** The fill a resting order got this minute (null: none). */
  fillOf(order: LimitOrder): Fill | null;
}
