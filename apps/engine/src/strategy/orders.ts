/**
 * The order-management ladder and the order rows the engine keeps (named as the orders columns are).
 *
 * Enter order k sits atr_distance_coefficient_k ATRs from the start point against the signal's
 * direction (a long buys pullbacks below it, a short sells bounces above it):
 * price_k = start_point − d · distance_k · ATR, multiplied by future_price_coefficient for a short,
 * on the tick (at least one tick). Its quantity is size_percent_k of the signal's USD size at that
 * price, cut to the quantity scale; it waits timer_minutes_k unfilled before the timer cancels it.
 */
import type { Direction, ExchangeOrderStatus, OrderKind, OrderSide, OrderState, OrderStatus, TimeInForce } from '@console/contracts';
import { dec, Dec, quantityDown, tickOf } from '../money';
import { entrySide } from '../positions/position';
import { directionSign } from './signal';
import type { StrategySettings } from './settings';

export interface OrderRow {
  /** 1, 2, 3… in the order the signal placed them; the wiring maps it to the row's id. */
  key: number;
  order_type: OrderKind;
  direction: OrderSide;
  position_direction: Direction;
  price: Dec;
  quantity: Dec;
  filled_quantity: Dec;
  state: OrderState;
  status: OrderStatus;
  exchange_status: ExchangeOrderStatus | null;
  time_in_force: TimeInForce;
  created_at: number;
  updated_at: number;
  /** An enter order's wait in minutes; null for exits. */
  timer_minutes: number | null;
}

export interface LadderStep {
  direction: OrderSide;
  price: Dec;
  quantity: Dec;
  timer_minutes: number;
}

export type CancelStatus = 'CANCELED_MANUAL' | 'CANCELED_BY_TIMER' | 'CANCELED_BY_MOVEMENT';

export const isOpenOrder = (order: OrderRow): boolean => order.status === 'PLACED' || order.status === 'PARTIALLY_FILLED' || order.status === 'PLACING';

/** The enter orders of a signal whose start point and ATR are known, for `sizeCurrency` USD. */
export function planLadder(settings: StrategySettings, plan: { start_point: Dec; atr: number; size_currency: Dec; tickDecimals: number }): LadderStep[] {
  const d = directionSign(settings.direction);
  const tick = tickOf(plan.tickDecimals);
  const future = settings.direction === 'short' ? dec(settings.orders.future_price_coefficient ?? 1) : dec(1);
  const steps: LadderStep[] = [];
  for (const step of settings.orders.enter_orders) {
    const raw = plan.start_point.minus(dec(step.atr_distance_coefficient).times(dec(plan.atr)).times(d)).times(future);
    const rounded = raw.toDecimalPlaces(plan.tickDecimals, Dec.ROUND_HALF_UP);
    const price = rounded.lessThan(tick) ? tick : rounded;
    const quantity = quantityDown(plan.size_currency.times(step.size_percent).div(100).div(price));
    if (quantity.greaterThan(0)) steps.push({ direction: entrySide(settings.direction), price, quantity, timer_minutes: step.timer_minutes });
  }
  return steps;
}

/** The row of an order cancelled for that reason (a timer's cancel is the exchange's EXPIRED). */
export function cancelledOrder(order: OrderRow, status: CancelStatus, at: number): OrderRow {
  return { ...order, state: 'CANCELED', status, exchange_status: status === 'CANCELED_BY_TIMER' ? 'EXPIRED' : 'CANCELED', updated_at: at };
}
