/** How an order's columns follow the fills a venue reports. */
import type { OrderState, OrderStatus } from '@console/contracts';
import type { Dec } from '../money';
import type { Fill, LimitOrder } from './port';

/** An order's columns after a fill: filled quantity, state, status and the exchange's status. */
export function orderAfterFill(order: LimitOrder, filled: Fill): { filled_quantity: Dec; state: OrderState; status: OrderStatus; exchange_status: 'TRADE' } {
  const filled_quantity = order.filled_quantity.plus(filled.quantity);
  if (filled_quantity.greaterThan(order.quantity)) throw new RangeError('a fill cannot exceed what the order asks for');
  const done = filled_quantity.equals(order.quantity);
  return { filled_quantity, state: done ? 'FILLED' : 'PARTIALLY_FILLED', status: done ? 'FILLED' : 'PARTIALLY_FILLED', exchange_status: 'TRADE' };
}
