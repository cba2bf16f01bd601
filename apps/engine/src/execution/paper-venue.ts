/**
 * The paper venue: orders meet the model's (or a replay's) candles by the fill rules of fills/fills.ts.
 * A limit order that crosses on placement takes at once (post-only ones expire), resting orders fill on
 * the minute's candle as makers, market orders take with slippage; a cancel is answered at once.
 */
import type { OrderSide } from '@console/contracts';
import { DEFAULT_FILL_SETTINGS, fillMarket, fillOnCandle, placeLimit, type FillSettings } from '../fills/fills';
import type { Dec } from '../money';
import type { ExecutionEvent, Fill, LimitOrder, Venue, VenueMarket } from './port';

export class PaperVenue implements Venue {
  constructor(readonly settings: FillSettings = DEFAULT_FILL_SETTINGS) {}

  place(order: LimitOrder, market: VenueMarket): ExecutionEvent {
    const placed = placeLimit(order, market.candle.close, this.settings);
    if (placed.outcome === 'fills') return { kind: 'filled', fill: placed.fill };
    return placed.outcome === 'rests' ? { kind: 'rests' } : { kind: 'expired' };
  }

  atMarket(direction: OrderSide, quantity: Dec, market: VenueMarket): Fill {
    return fillMarket(direction, quantity, market.candle.close, { tickDecimals: market.tickDecimals, volume: market.candle.volume }, this.settings);
  }

  /** The paper book drops an open order at once. */
  cancel(_order: LimitOrder): ExecutionEvent {
    return { kind: 'cancelled' };
  }

  match(order: LimitOrder, market: VenueMarket): Fill | null {
    return fillOnCandle(order, market.candle, this.settings);
  }
}
