/**
 * Position accounting for long and short positions, on the positions table's columns.
 *
 * - Entering (a buy for a long, a sell for a short) moves the average entry price to the
 *   quantity-weighted mean of the fills: avg' = (coins · avg + q · price) / (coins + q).
 * - Reducing realises (price − avg) · q · sign − fee, sign +1 long, −1 short; the average stays.
 * - Fees are realised when paid: an entry fill's fee lowers r_pnl at once, an exit fill's fee is part
 *   of its realised PnL. So r_pnl + u_pnl is the position's whole result after every fee paid.
 * - u_pnl = (mark_price − avg) · coins · sign, before the fee a close would still cost.
 * - active_p_size_usd is the entry value held: coins · avg (so coins × price ≈ size, the fees apart).
 * - Every stored figure is rounded to its column's scale after each step (prices and coins 12
 *   decimals, money 8), so the state is always exactly what the row holds.
 */
import type { Direction, OrderSide, PositionState } from '@console/contracts';
import { dec, toScale, ZERO, type Dec, type DecValue } from '../money';

export interface PositionBook {
  side: Direction;
  /** open or closed; null for a lost position (found on the exchange without a signal). */
  state: PositionState | null;
  active_p_coins: Dec;
  active_p_size_usd: Dec;
  avg_e_price: Dec | null;
  r_pnl: Dec;
  u_pnl: Dec;
  current_price: Dec | null;
  mark_price: Dec | null;
}

/** A fill as it reaches a position: its side on the exchange, price, quantity and fee (quote currency). */
export interface PositionFill {
  direction: OrderSide;
  price: Dec;
  quantity: Dec;
  fee: Dec;
}

export const sideSign = (side: Direction): 1 | -1 => (side === 'long' ? 1 : -1);
/** The exchange side that opens or adds to the position. */
export const entrySide = (side: Direction): OrderSide => (side === 'long' ? 'buy' : 'sell');
/** The exchange side that reduces or closes it. */
export const exitSide = (side: Direction): OrderSide => (side === 'long' ? 'sell' : 'buy');

export function newPosition(side: Direction): PositionBook {
  return { side, state: 'open', active_p_coins: ZERO, active_p_size_usd: ZERO, avg_e_price: null, r_pnl: ZERO, u_pnl: ZERO, current_price: null, mark_price: null };
}

/** (mark − avg) · coins · sign, money scale. */
export function unrealisedPnl(side: Direction, avg: Dec | null, coins: Dec, mark: Dec | null): Dec {
  if (avg === null || mark === null || coins.isZero()) return ZERO;
  return toScale(mark.minus(avg).times(coins).times(sideSign(side)), 'money');
}

/** The position after a fill of one of its orders. */
export function applyFill(position: PositionBook, fill: PositionFill): PositionBook {
  if (position.state === 'closed') throw new RangeError('a closed position takes no more fills');
  if (fill.quantity.lessThanOrEqualTo(0)) throw new RangeError('a fill needs a quantity above 0');
  const { side } = position;
  const mark = position.mark_price ?? fill.price;
  if (fill.direction === entrySide(side)) {
    const coins = position.active_p_coins.plus(fill.quantity);
    const cost = position.active_p_coins.times(position.avg_e_price ?? ZERO).plus(fill.quantity.times(fill.price));
    const avg = toScale(cost.div(coins), 'price');
    return {
      ...position,
      active_p_coins: coins,
      avg_e_price: avg,
      active_p_size_usd: toScale(coins.times(avg), 'money'),
      r_pnl: position.r_pnl.minus(fill.fee),
      u_pnl: unrealisedPnl(side, avg, coins, mark),
    };
  }
  const avg = position.avg_e_price;
  if (avg === null || fill.quantity.greaterThan(position.active_p_coins)) {
    throw new RangeError(`a ${fill.direction} of ${fill.quantity.toFixed()} exceeds the ${position.active_p_coins.toFixed()} coins held`);
  }
  const realised = toScale(fill.price.minus(avg).times(fill.quantity).times(sideSign(side)).minus(fill.fee), 'money');
  const coins = position.active_p_coins.minus(fill.quantity);
  const closed = coins.isZero();
  return {
    ...position,
    state: closed && position.state === 'open' ? 'closed' : position.state,
    active_p_coins: coins,
    active_p_size_usd: closed ? ZERO : toScale(coins.times(avg), 'money'),
    r_pnl: position.r_pnl.plus(realised),
    u_pnl: unrealisedPnl(side, avg, coins, mark),
  };
}

/** The position valued at the latest prices: the last trade and the mark price u_pnl is taken at. */
export function markPosition<P extends PositionBook>(position: P, prices: { current_price: DecValue; mark_price: DecValue }): P {
  const mark = dec(prices.mark_price);
  return {
    ...position,
    current_price: dec(prices.current_price),
    mark_price: mark,
    u_pnl: unrealisedPnl(position.side, position.avg_e_price, position.active_p_coins, mark),
  };
}

/** The position's whole result so far: r_pnl + u_pnl. */
export function positionPnl(position: PositionBook): Dec {
  return position.r_pnl.plus(position.u_pnl);
}
