import { Box, Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  EMPTY_VALUE,
  isFieldAllowed,
  mayRunAction,
  OPEN_ORDER_STATUSES,
  ORDER_LIST_QUERY,
  ORDER_PAGE_SIZE,
  ORDER_STATUSES,
  permOf,
  SIGNALS_UI,
  TRADING_DECIMALS,
  type OrderStatus,
} from '@console/contracts';
import { useAuthState } from '../../api/context';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { formatDateTime } from '../format/date';
import { DataTable, type Column } from '../table/DataTable';
import { useRowActions } from '../table/use-row-actions';
import { useTableParams } from '../table/use-table-params';
import { fixed } from './trading-format';
import { useCancel, useOrders, type Order } from './trading-api';
import { TRADING_FILTER_KEYS, TradingFilters } from './TradingFilters';

const PAGE = { options: [ORDER_PAGE_SIZE], default: ORDER_PAGE_SIZE } as const;
const OPEN: readonly OrderStatus[] = OPEN_ORDER_STATUSES;
const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: value }));

/** Order status: open statuses (PLACED, PLACING) in green, the others in red. */
const StatusText = ({ status }: { status: OrderStatus | undefined }) =>
  status ? (
    <Box component="span" sx={{ color: OPEN.includes(status) ? 'success.main' : 'error.main', fontWeight: 500 }} data-testid="order-status">
      {status}
    </Box>
  ) : (
    EMPTY_VALUE
  );

/** The orders table's columns, in order; the group's privileges keep a subset. */
const COLUMNS: Column<Order>[] = [
  { field: 'id', header: 'ID' },
  { field: 'created_at', header: 'Created', sortable: true, render: (order) => formatDateTime(order.created_at) },
  { field: 'signal', header: 'Signal' },
  { field: 'profile', header: 'Profile', ellipsis: true },
  { field: 'pair', header: 'Pair' },
  { field: 'direction', header: 'Direction' },
  { field: 'exchange_order_id', header: 'Exchange order id', ellipsis: true },
  { field: 'position_direction', header: 'Order type' },
  { field: 'price', header: 'Price', render: (order) => fixed(order.price, TRADING_DECIMALS.orderPrice) },
  { field: 'o_size', header: 'Order size', render: (order) => fixed(order.o_size, TRADING_DECIMALS.orderSize) },
  { field: 'quantity', header: 'Quantity', render: (order) => fixed(order.quantity, TRADING_DECIMALS.orderQuantity) },
  { field: 'status', header: 'Status', render: (order) => <StatusText status={order.status} /> },
];

interface OrdersTableProps {
  /** Only this strategy profile's orders (its own Orders tab): no profile filter then. */
  profileId?: number;
  actions?: ReactNode;
  testId?: string;
}

/**
 * The orders table: one page size, newest first, filters applied with Apply and kept in
 * the query string, Cancel for open orders only (PLACED, PLACING), CANCELLING until the engine is done.
 */
export function OrdersTable({ profileId, actions, testId = 'orders-table' }: OrdersTableProps) {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'orders');
  const params = useTableParams(PAGE, TRADING_FILTER_KEYS);
  const orders = useOrders(profileId === undefined ? params.query : { ...params.query, profile: profileId });
  const cancel = useCancel('order');
  const { busy, run } = useRowActions();
  const [confirming, setConfirming] = useState<Order | null>(null);

  const columns = COLUMNS.filter((column) => isFieldAllowed(perm, column.field) && !(profileId !== undefined && column.field === 'profile'));
  // Cancel is the declared cancelOrder action (at Limited the orders `action` field), as the API checks it.
  if (mayRunAction(perm, 'cancelOrder')) {
    columns.push({
      field: 'action',
      header: 'Cancel',
      render: (order) => {
        const open = order.status !== undefined && OPEN.includes(order.status) && (order.action_state ?? 'NONE') === 'NONE';
        return order.action_state && order.action_state !== 'NONE' ? (
          order.action_state
        ) : (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={!open || busy.has(Number(order.id))}
            onClick={() => setConfirming(order)}
            aria-label={`Cancel order ${order.id}`}
          >
            Cancel
          </Button>
        );
      },
    });
  }

  return (
    <>
      <DataTable
        columns={columns}
        rows={orders.data?.results}
        count={orders.data?.count}
        rowKey={(order) => order.id}
        params={params}
        emptyText={SIGNALS_UI.ordersEmpty}
        isLoading={orders.isPending}
        error={orders.error}
        sortingAllowed={perm.sorting}
        toolbar={<TradingFilters params={params} perm={perm} access={ORDER_LIST_QUERY} statuses={STATUS_OPTIONS} fixedProfile={profileId} actions={actions} />}
        testId={testId}
      />
      {confirming && (
        <ConfirmDialog
          title="Cancel order"
          text={SIGNALS_UI.orderCancelConfirm(confirming.id)}
          confirmLabel="Cancel order"
          onClose={() => setConfirming(null)}
          onConfirm={() => void run(Number(confirming.id), () => cancel.mutateAsync(confirming.id))}
        />
      )}
    </>
  );
}
