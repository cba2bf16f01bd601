import { ORDER_LIST_QUERY, ORDER_PAGE_SIZE, TRADING_DECIMALS, type OrderRow } from '@console/contracts';
import { toJsonNumber } from '../common/decimal';
import { defineList } from '../common/list-query/list-declaration';
import type { OrdersQuery } from './orders.dto';

/** Past this many matching rows beyond the page, the count is the planner's estimate (tens of millions of rows). */
export const ORDER_COUNT_CAP = 1_000;

export const ORDER_FROM = `orders
  JOIN strategy_profiles sp ON sp.id = orders.profile_id
  JOIN pairs p ON p.id = orders.pair_id`;

/** One order as stored; o_size is price × quantity (exact in numeric, rounded when answered). */
export const ORDER_COLUMNS = `orders.id::text AS id, orders.created_at, orders.signal_id::text AS signal, sp.title AS profile, orders.profile_id,
  p.ticker AS pair, orders.direction, orders.position_direction, orders.price::text, orders.quantity::text, orders.exchange_order_id,
  orders.order_type, (orders.price * orders.quantity)::text AS o_size, orders.state, orders.status, orders.action_state`;

/**
 * The orders (tens of millions of rows), newest first, one page size (100). Every filter reads an index
 * ending in (created_at DESC, id DESC) (migrations 1733212800000 and 1733558400000); a signal's orders
 * read orders_signal_id_idx (a handful of rows).
 */
export const ORDER_LIST = defineList<OrdersQuery, typeof ORDER_LIST_QUERY>(ORDER_LIST_QUERY, {
  name: 'orders',
  from: ORDER_FROM,
  columns: ORDER_COLUMNS,
  key: 'orders.id',
  keyTable: 'orders',
  filters: {
    profile: { column: 'orders.profile_id' },
    status: { column: 'orders.status' },
    pair: { column: 'orders.pair_id' },
    signal: { column: 'orders.signal_id' },
    created_at_before: { column: 'orders.created_at', op: 'lte', cast: 'timestamptz' },
    created_at_after: { column: 'orders.created_at', op: 'gte', cast: 'timestamptz' },
  },
  orderings: { created_at: { column: 'orders.created_at', notNull: true } },
  defaultOrder: [{ column: 'orders.created_at', descending: true, notNull: true }],
  defaultPageSize: ORDER_PAGE_SIZE,
  count: { kind: 'capped', cap: ORDER_COUNT_CAP },
});

/** One order as ORDER_COLUMNS reads it: numbers as numeric text, the time as the driver's Date. */
export type StoredOrder = Omit<OrderRow, 'created_at' | 'price' | 'quantity' | 'o_size'> & { created_at: Date; price: string; quantity: string; o_size: string };

/** A stored row (ORDER_COLUMNS) as the API answers it: price 5, quantity 7, o_size 2 decimals. */
export function toOrderRow(row: StoredOrder): OrderRow {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    price: toJsonNumber(row.price, TRADING_DECIMALS.orderPrice),
    quantity: toJsonNumber(row.quantity, TRADING_DECIMALS.orderQuantity),
    o_size: toJsonNumber(row.o_size, TRADING_DECIMALS.orderSize),
  };
}
