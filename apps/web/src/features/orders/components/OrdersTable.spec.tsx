import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORDER_RESOURCE, SIGNALS_UI } from '@console/contracts';
import { formatDateTime } from '../../../ui/format/date';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { OrdersTable } from './OrdersTable';

const order = (id: string, status: string) => ({
  id,
  created_at: '2026-11-22T10:15:30Z',
  signal: '77',
  profile: 'Alpha',
  profile_id: 3,
  pair: 'BTCUSDT',
  direction: 'buy',
  position_direction: 'long',
  price: 0.1,
  quantity: 3.5,
  o_size: 0.35,
  exchange_order_id: 'X-1',
  order_type: 'enter',
  state: status,
  status,
  action_state: 'NONE',
});
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

const ordersApi = (rows: unknown[]) =>
  fakeFetch((method, path) => {
    if (path.startsWith('/orders/orders/')) return [200, page(rows)];
    if (method === 'POST' && path.includes('/cancel/')) return [202, { id: '1', status: 'pending', action_state: 'CANCELLING' }];
    return [200, page([])];
  });

describe('OrdersTable', () => {
  it('shows the spec’s decimals, statuses coloured by meaning, and Cancel only for open orders', async () => {
    const api = ordersApi([order('5', 'PLACED'), order('6', 'FILLED'), order('7', 'PLACEMENT_FAILED'), order('8', 'CANCELED_BY_TIMER')]);
    renderWithApp(<OrdersTable />, { api: makeApi(signedInState(makeUser()), api), path: '/signals-and-orders/orders' });
    expect(await screen.findAllByText('0.10000')).toHaveLength(4);
    expect(screen.getAllByText('3.5000000')).toHaveLength(4);
    expect(screen.getAllByText('0.35')).toHaveLength(4);
    // The declaration's headers in its order, then the row action; each cell in its declared format.
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([...ORDER_RESOURCE.columns.map((c) => c.header), 'Cancel']);
    expect(headers.slice(0, 8)).toEqual(['ID', 'Created', 'Signal', 'Profile', 'Pair', 'Direction', 'Exchange order id', 'Order type']);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 12)).toEqual(['5', formatDateTime('2026-11-22T10:15:30Z'), '77', 'Alpha', 'BTCUSDT', 'buy', 'X-1', 'long', '0.10000', '0.35', '3.5000000', 'PLACED']);
    // A fill is not coloured like the failure, and a cancelled order like neither.
    const [placed, filled, failed, cancelled] = screen.getAllByTestId('order-status').map((s) => getComputedStyle(s).color);
    expect(new Set([placed, filled, failed, cancelled]).size).toBe(4);
    expect(screen.getByRole('button', { name: 'Cancel order 5' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel order 6' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order 5' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/orders/order/5/cancel/'))).toBe(true));
    expect(api.calls.find((c) => c.url.includes('/orders/orders/'))!.url).toContain('page_size=100');
  });

  it('shows the empty text, and no Cancel for a Limited group without the action field', async () => {
    const user = makeUser({ orders: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'orders' ? { ...p, fields: ['status'] } : p));
    renderWithApp(<OrdersTable />, { api: makeApi(signedInState(user), ordersApi([])), path: '/signals-and-orders/orders' });
    expect(await screen.findByText(SIGNALS_UI.ordersEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-profile')).not.toBeInTheDocument();
  });
});
