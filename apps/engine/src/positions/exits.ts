/**
 * Where a position's exit order sits, and the operator's close and k-exit actions, as pure rules.
 * These actions and their coefficient's range (0.001 to 0.999) are given, but not their
 * arithmetic; the meanings chosen here:
 *
 * - k-exit: the exit order's price, k_exit = avg_e_price + sign · k_exit_coeff · ATR (sign +1 long,
 *   −1 short), on the tick. k_exit_coeff is the coefficient in force: the profile's exit order place
 *   coefficient, lowered by the exit rules. A coefficient of 0 exits at the entry price, 1 one ATR into profit.
 * - Exit rules: by time, the step with the most minutes the position has reached (since its first
 *   fill); by distance, the step with the largest threshold the price has gone against the position,
 *   in ATRs from the entry price. Both on: the lower coefficient wins (the earlier exit). No step reached:
 *   the profile's coefficient.
 * - Skip check by timer / by distance: that rule is not applied while the flag is on (it can be turned
 *   back off).
 * - k-exit recovery: the coefficient goes back to the profile's, and neither rule lowers it again for
 *   this position (k_e_recovery stays true; it is an action, not a toggle).
 * - Close limit with a coefficient c: the exit is re-placed for the whole position at
 *   avg_e_price + sign · c · ATR, the coefficient replacing the one in force, and held there (no rule
 *   moves it) until it fills; the command stays pending (CLOSING) until then.
 * - Best limit: the exit chases the market as the best maker price, one tick beyond the last price on
 *   the exit's side (a sell one tick above, a buy one tick below), re-placed every minute until filled.
 * - Close market: the whole position at market (taker). Reduce by p %: coins · p / 100 at market,
 *   cut to the quantity scale.
 */
import type { Direction } from '@console/contracts';
import { dec, Dec, numberOf, quantityDown, tickOf, type DecValue } from '../money';
import { sideSign } from './position';

export interface ExitTimeStep {
  change_exit_timer_minutes: number;
  change_exit_coefficient_by_time: number;
}

export interface ExitDistanceStep {
  change_exit_d_threshold_by_distance: number;
  change_exit_coefficient_by_distance: number;
}

export interface ExitCoefficientInput {
  /** The profile's exit order place coefficient. */
  base: number;
  /** Steps of the rule by time; empty when the rule is off. */
  byTime: readonly ExitTimeStep[];
  /** Steps of the rule by distance; empty when the rule is off. */
  byDistance: readonly ExitDistanceStep[];
  minutesInPosition: number;
  /** How far the price is against the position, in ATRs from the entry price (≤ 0 while in profit). */
  adverseAtr: number;
  skip_check_by_timer: boolean;
  skip_check_by_distance: boolean;
  k_e_recovery: boolean;
}

/** The k_exit_coeff in force. */
export function exitCoefficient(input: ExitCoefficientInput): number {
  let coefficient = input.base;
  if (input.k_e_recovery) return coefficient;
  if (!input.skip_check_by_timer) {
    const reached = input.byTime.filter((step) => input.minutesInPosition >= step.change_exit_timer_minutes);
    const last = reached.sort((a, b) => a.change_exit_timer_minutes - b.change_exit_timer_minutes).at(-1);
    if (last) coefficient = Math.min(coefficient, last.change_exit_coefficient_by_time);
  }
  if (!input.skip_check_by_distance) {
    const reached = input.byDistance.filter((step) => input.adverseAtr >= step.change_exit_d_threshold_by_distance);
    const last = reached.sort((a, b) => a.change_exit_d_threshold_by_distance - b.change_exit_d_threshold_by_distance).at(-1);
    if (last) coefficient = Math.min(coefficient, last.change_exit_coefficient_by_distance);
  }
  return coefficient;
}

/** sign · (avg − price) / ATR: positive when the price has gone against the position. */
export function adverseDistanceInAtr(side: Direction, avg: Dec, price: DecValue, atr: number): number {
  if (!(atr > 0)) return 0;
  return (sideSign(side) * (numberOf(avg) - (typeof price === 'number' ? price : dec(price).toNumber()))) / atr;
}

// The last exit price of each entry price: an open position asks for the same one minute after minute
// (its coefficient and ATR change seldom), and its entry price stays the same decimal until a fill.
const lastExitPrice = new WeakMap<Dec, { side: Direction; coefficient: number; atr: number; tickDecimals: number; price: Dec }>();

/** avg + sign · coefficient · ATR on the tick (halves away from zero), at least one tick. */
export function exitPrice(side: Direction, avg: Dec, coefficient: number, atr: number, tickDecimals: number): Dec {
  const last = lastExitPrice.get(avg);
  if (last && last.side === side && last.coefficient === coefficient && last.atr === atr && last.tickDecimals === tickDecimals) return last.price;
  const rounded = avg.plus(dec(coefficient).times(dec(atr)).times(sideSign(side))).toDecimalPlaces(tickDecimals, Dec.ROUND_HALF_UP);
  const tick = tickOf(tickDecimals);
  const price = rounded.lessThan(tick) ? tick : rounded;
  lastExitPrice.set(avg, { side, coefficient, atr, tickDecimals, price });
  return price;
}

/** The best price an exit may rest at as maker: one tick beyond the last price on its side. */
export function bestLimitPrice(side: Direction, current: DecValue, tickDecimals: number): Dec {
  const tick = tickOf(tickDecimals);
  const last = dec(current).toDecimalPlaces(tickDecimals, Dec.ROUND_HALF_UP);
  const price = side === 'long' ? last.plus(tick) : last.minus(tick);
  return price.lessThan(tick) ? tick : price;
}

/** The coins a reduce by `percent` sells (or buys back): coins · percent / 100, cut to the quantity scale. */
export function reduceQuantity(coins: Dec, percent: DecValue): Dec {
  const p = dec(percent);
  if (p.lessThanOrEqualTo(0) || p.greaterThan(100)) throw new RangeError(`a reduce takes a percent above 0 and at most 100, got ${p.toFixed()}`);
  return quantityDown(coins.times(p).div(100));
}
