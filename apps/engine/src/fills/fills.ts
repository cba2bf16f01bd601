/**
 * Dry-run fills, the way established bots simulate them (freqtrade's dry run, Hummingbot's paper
 * trade), on one-minute candles:
 *
 * - A resting limit order fills when a later candle's range reaches its price (buy: low ≤ price; sell:
 *   high ≥ price), at its own price, as MAKER.
 * - A limit order that already crosses the market when placed (buy at or above the current price, sell
 *   at or below it) fills at once at the current price, as TAKER. Post-only (GTX) refuses to cross
 *   (it expires, as an exchange rejects it); IOC and FOK fill at once or expire.
 * - A market order fills at the current price moved against it by the slippage: the slippage rate
 *   grows with the order's share of the last minute's volume, `rate × (1 + quantity / volume)`, and
 *   never exceeds the cap; the price is rounded to the tick against the order (a buy up, a sell down).
 * - Fees are in the quote currency: price × quantity × the maker or taker rate, rounded to the money scale.
 * - A candle fills at most `volume_share` of its volume for one order (none set: the whole order), so a
 *   big order in a thin minute fills in parts (PARTIALLY_FILLED).
 */
import type { OrderSide } from '@console/contracts';
import type { Fill, LimitOrder, Liquidity } from '../execution/port';
import type { Candle } from '../market/candle';
import { compareNumber, dec, isPositive, Dec, minDec, quantityDown, toScale, ZERO, type DecValue } from '../money';

export interface FillSettings {
  /** Fee rate of a fill that rested in the book (0.0002 = 0.02 %). */
  maker_fee_rate: Dec;
  /** Fee rate of a fill that took liquidity. */
  taker_fee_rate: Dec;
  /** Slippage of a market order, as a share of the price, before its size is counted. */
  slippage_rate: Dec;
  /** The most slippage any market order gets. */
  max_slippage_rate: Dec;
  /** The share of a candle's volume one order may take in that minute; null: no limit. */
  volume_share: Dec | null;
}

/** A futures account's usual rates (0.02 % maker, 0.05 % taker), 0.05 % slippage capped at 1 %. */
export const DEFAULT_FILL_SETTINGS: FillSettings = {
  maker_fee_rate: dec('0.0002'),
  taker_fee_rate: dec('0.0005'),
  slippage_rate: dec('0.0005'),
  max_slippage_rate: dec('0.01'),
  volume_share: null,
};

export type { Fill, LimitOrder, Liquidity } from '../execution/port';
export { orderAfterFill } from '../execution/orders';

export function feeOf(price: Dec, quantity: Dec, rate: Dec): Dec {
  return toScale(price.times(quantity).times(rate), 'money');
}

function fill(price: Dec, quantity: Dec, liquidity: Liquidity, settings: FillSettings): Fill {
  const rate = liquidity === 'maker' ? settings.maker_fee_rate : settings.taker_fee_rate;
  return { price, quantity, fee: feeOf(price, quantity, rate), liquidity };
}

function remaining(order: LimitOrder): Dec {
  return order.quantity.minus(order.filled_quantity);
}

/** Whether a limit at this price would trade against a market at `current` right away. */
export function crosses(direction: OrderSide, price: Dec, current: Dec): boolean {
  return direction === 'buy' ? price.greaterThanOrEqualTo(current) : price.lessThanOrEqualTo(current);
}

export type Placement = { outcome: 'rests' } | { outcome: 'fills'; fill: Fill } | { outcome: 'expires' };

/** What happens when a limit order reaches the market whose last price is `current`. */
export function placeLimit(order: LimitOrder, current: DecValue, settings: FillSettings): Placement {
  const price = dec(current);
  if (!crosses(order.direction, order.price, price)) {
    return order.time_in_force === 'IOC' || order.time_in_force === 'FOK' ? { outcome: 'expires' } : { outcome: 'rests' };
  }
  if (order.time_in_force === 'GTX') return { outcome: 'expires' };
  return { outcome: 'fills', fill: fill(price, remaining(order), 'taker', settings) };
}

/** The fill a resting limit order gets from a candle, or null when the candle does not reach it. */
export function fillOnCandle(order: LimitOrder, candle: Candle, settings: FillSettings): Fill | null {
  const left = remaining(order);
  if (left.lessThanOrEqualTo(0)) return null;
  const reached = order.direction === 'buy' ? compareNumber(candle.low, order.price) <= 0 : compareNumber(candle.high, order.price) >= 0;
  if (!reached) return null;
  const quantity = settings.volume_share === null ? left : minDec(left, quantityDown(dec(candle.volume).times(settings.volume_share)));
  return isPositive(quantity) ? fill(order.price, quantity, 'maker', settings) : null;
}

/** The slippage rate of a market order of `quantity` when the last minute traded `volume`. */
export function slippageRate(quantity: Dec, volume: number | null, settings: FillSettings): Dec {
  const sized = volume !== null && volume > 0 ? settings.slippage_rate.times(quantity.div(volume).plus(1)) : settings.slippage_rate;
  return minDec(sized, settings.max_slippage_rate);
}

/**
 * A market order's fill at the current price with slippage. `volume` is the last minute's volume (null
 * when unknown: the plain rate applies); the price is rounded to the tick against the order.
 */
export function fillMarket(
  direction: OrderSide,
  quantity: Dec,
  current: DecValue,
  market: { tickDecimals: number; volume: number | null },
  settings: FillSettings,
): Fill {
  if (quantity.lessThanOrEqualTo(0)) throw new RangeError(`a market order needs a quantity above 0, got ${quantity.toFixed()}`);
  const rate = slippageRate(quantity, market.volume, settings);
  const moved = dec(current).times(direction === 'buy' ? rate.plus(1) : new Dec(1).minus(rate));
  const price = moved.toDecimalPlaces(market.tickDecimals, direction === 'buy' ? Dec.ROUND_UP : Dec.ROUND_DOWN);
  return fill(price, quantity, 'taker', settings);
}

/** The quote value of an order still waiting (price × what is left of it), money scale. */
export function openOrderValue(order: LimitOrder): Dec {
  const left = remaining(order);
  return left.greaterThan(0) ? toScale(order.price.times(left), 'money') : ZERO;
}
