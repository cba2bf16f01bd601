import { Box, Button } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  EMPTY_VALUE,
  mayRunAction,
  OPEN_ORDER_STATUSES,
  ORDER_PAGE_SIZE,
  ORDER_RESOURCE,
  ORDER_STATUSES,
  permOf,
  SIGNALS_UI,
  type OrderRow,
  type OrderStatus,
} from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { TRADING_FILTER_KEYS, TradingFilters } from '../../../ui/trading-filters/TradingFilters';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders, type Order } from '../api/get-orders';
import { orderStatusColour } from './order-status';

const PAGE = { options: [ORDER_PAGE_SIZE], default: ORDER_PAGE_SIZE } as const;
const OPEN: readonly OrderStatus[] = OPEN_ORDER_STATUSES;
const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: value }));

/** Order status, coloured by what it means (order-status.ts). */
const StatusText = ({ status }: { status: OrderStatus | undefined }) =>
  status ? (
    <Box component="span" sx={{ color: orderStatusColour(status), fontWeight: 500 }} data-testid="order-status">
      {status}
    </Box>
  ) : (
    EMPTY_VALUE
  );

/** The status is coloured; the other cells are the declaration's text. */
const RENDER = { status: (order: Order) => <StatusText status={order.status} /> };
/** A profile's own orders tab names no profile. */
const NOT_ON_PROFILE_TAB: readonly string[] = ['profile'];

interface OrdersTableProps {
  /** Only this strategy profile's orders (its own Orders tab): no profile filter then. */
  profileId?: number;
  actions?: ReactNode;
  testId?: string;
}

/**
 * The orders table: one page size, newest first, filters applied with Apply and kept in
 * the query string, Cancel for open orders only (PLACED, PLACING), CANCELLING until the engine is done.
 * Statuses are coloured by meaning: open green, filled plain, cancelled grey, a failed placement red.
 */
export function OrdersTable({ profileId, actions, testId = 'orders-table' }: OrdersTableProps) {
  const { user } = useAuthState();
  const perm = permOf(user?.group, 'orders');
  const params = useTableParams(PAGE, TRADING_FILTER_KEYS);
  const orders = useOrders(profileId === undefined ? params.query : { ...params.query, profile: profileId });
  const cancel = useCancelOrder();
  const { busy, run } = useRowActions();
  const [confirming, setConfirming] = useState<Order | null>(null);

  const columns = declaredColumns<OrderRow, Order>(ORDER_RESOURCE, perm, {
    render: RENDER,
    ellipsis: ['profile', 'exchange_order_id'],
    keep: profileId === undefined ? undefined : (column) => !NOT_ON_PROFILE_TAB.includes(column.field),
  });
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
        toolbar={<TradingFilters params={params} perm={perm} access={ORDER_RESOURCE.query} statuses={STATUS_OPTIONS} fixedProfile={profileId} actions={actions} />}
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
