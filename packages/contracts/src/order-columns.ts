/** The orders list: its columns, for its table, and its query. */
import { FORMATS } from './columns';
import { defineResource } from './resource';
import { ORDER_LIST_QUERY, type OrderRow } from './signals';
import { TRADING_DECIMALS } from './trading';

export const ORDER_RESOURCE = defineResource<OrderRow>()({
  name: 'orders',
  section: 'orders',
  query: ORDER_LIST_QUERY,
  columns: [
    // Ids are bigint text: written as they come, never through a float.
    { field: 'id', header: 'ID', format: FORMATS.text, limited: true },
    { field: 'created_at', header: 'Created', format: FORMATS.dateTime, limited: true },
    { field: 'signal', header: 'Signal', format: FORMATS.text, limited: true },
    { field: 'profile', header: 'Profile', format: FORMATS.text, limited: true },
    { field: 'pair', header: 'Pair', format: FORMATS.text, limited: true },
    { field: 'direction', header: 'Direction', format: FORMATS.text, limited: true },
    { field: 'exchange_order_id', header: 'Exchange order id', format: FORMATS.text, limited: true },
    // The screen's order type is the position's direction (long or short), not enter or exit.
    { field: 'position_direction', header: 'Order type', format: FORMATS.text, limited: true },
    { field: 'price', header: 'Price', format: FORMATS.number(TRADING_DECIMALS.orderPrice), limited: true },
    { field: 'o_size', header: 'Order size', format: FORMATS.number(TRADING_DECIMALS.orderSize), limited: true },
    { field: 'quantity', header: 'Quantity', format: FORMATS.coins(TRADING_DECIMALS.orderQuantity), limited: true },
    { field: 'status', header: 'Status', format: FORMATS.text, limited: true },
  ],
});
