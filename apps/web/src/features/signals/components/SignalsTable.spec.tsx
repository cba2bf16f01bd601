import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNAL_RESOURCE, SIGNALS_UI } from '@console/contracts';
import { formatDateTime } from '../../../ui/format/date';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { SignalsTable } from './SignalsTable';

const signal = (id: string, state: string, action_state = 'NONE') => ({
  id,
  created_at: '2026-11-22T10:15:30Z',
  profile: 'Alpha',
  profile_id: 3,
  pair: 'BTCUSDT',
  direction: 'long',
  timeframe: '1h',
  status: state === 'finished' ? 'finished' : 'active',
  state,
  action_state,
  execution: 0,
  time_per_signal: 1.5,
});
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

/** The signals list answers `rows()`; cancels are recorded and flip the row to CANCELLING. */
function signalsApi(rows: () => unknown[]) {
  return fakeFetch((method, path) => {
    if (path.startsWith('/signals/signals/')) return [200, page(rows())];
    if (path.startsWith('/strategies/profiles/for-filters/')) return [200, page([{ id: 3, title: 'Alpha' }])];
    if (path.startsWith('/strategies/pairs/for-filters/')) return [200, page([{ id: 9, ticker: 'BTCUSDT' }])];
    if (method === 'POST' && path.includes('/cancel/')) return [202, { id: '1', status: 'pending', action_state: 'CANCELLING' }];
    return [404, { detail: 'Not found.' }];
  });
}

describe('SignalsTable', () => {
  it('links the id to its logs, enables Cancel only while active_np, and asks before cancelling', async () => {
    let rows = [signal('11', 'active_np'), signal('12', 'active_fp'), signal('13', 'finished')];
    const api = signalsApi(() => rows);
    renderWithApp(<SignalsTable />, { api: makeApi(signedInState(makeUser()), api), path: '/signals-and-orders/signals' });
    expect(await screen.findByRole('link', { name: '11' })).toHaveAttribute('href', '/logs?signal_id=11');
    expect(screen.getByRole('button', { name: 'Cancel signal 11' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel signal 12' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel signal 13' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel signal 11' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SIGNALS_UI.cancelConfirm('11'))).toBeInTheDocument();
    rows = [signal('11', 'active_np', 'CANCELLING'), rows[1], rows[2]];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel signal' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/signals/position/11/cancel/'))).toBe(true));
    await waitFor(() => expect(screen.getAllByTestId('action-state')[0]).toHaveTextContent('CANCELLING'));
    expect(screen.getByRole('button', { name: 'Cancel signal 11' })).toBeDisabled();
  });

  it('puts the filters in the query only on Apply', async () => {
    const api = signalsApi(() => [signal('11', 'active_np')]);
    renderWithApp(<SignalsTable />, { api: makeApi(signedInState(makeUser()), api), path: '/signals-and-orders/signals' });
    await screen.findByRole('link', { name: '11' });
    await userEvent.click(screen.getByRole('switch', { name: SIGNALS_UI.missed }));
    await userEvent.click(screen.getByRole('switch', { name: SIGNALS_UI.unfilled }));
    const before = api.calls.filter((c) => c.url.includes('/signals/signals/')).length;
    expect(api.calls.at(-1)?.url).not.toContain('show_missed');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.filter((c) => c.url.includes('/signals/signals/')).length).toBeGreaterThan(before));
    const last = api.calls.filter((c) => c.url.includes('/signals/signals/')).at(-1)!.url;
    expect(last).toContain('show_missed=true');
    expect(last).toContain('show_unfilled=true');
    expect(last).toContain('page_size=200');
  });

  it('shows the empty text, and hides Cancel at ReadOnly', async () => {
    renderWithApp(<SignalsTable />, { api: makeApi(signedInState(makeUser({ signals: 'ReadOnly' })), signalsApi(() => [])), path: '/signals-and-orders/signals' });
    expect(await screen.findByText(SIGNALS_UI.signalsEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
  });

  it('offers a Limited group only its columns and the filters on them', async () => {
    const user = makeUser({ signals: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'signals' ? { ...p, fields: ['status', 'created_at'] } : p));
    renderWithApp(<SignalsTable />, { api: makeApi(signedInState(user), signalsApi(() => [{ id: '11', status: 'finished', created_at: '2026-11-22T10:15:30Z' }])), path: '/signals-and-orders/signals' });
    expect(await screen.findByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Profile' })).not.toBeInTheDocument();
    expect(screen.getByTestId('filter-status')).toBeInTheDocument();
    expect(screen.queryByTestId('filter-profile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('filter-pair')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: SIGNALS_UI.unfilled })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: SIGNALS_UI.missed })).toBeInTheDocument();
  });

  it('shows a Limited group the declared headers of its fields, in the declared order, each cell in its format', async () => {
    const user = makeUser({ signals: 'Limited' });
    // The group's fields in another order than the table's: the declaration orders the columns.
    const fields = ['pnl_in_usd', 'status', 'size_currency', 'created_at', 'execution'];
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'signals' ? { ...p, fields } : p));
    const row = { id: '11', status: 'finished', created_at: '2026-11-22T10:15:30Z', pnl_in_usd: -1234.5, size_currency: 2500, execution: 37.5 };
    renderWithApp(<SignalsTable />, { api: makeApi(signedInState(user), signalsApi(() => [row])), path: '/signals-and-orders/signals' });
    await screen.findByRole('link', { name: '11' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const declared = SIGNAL_RESOURCE.columns.filter((c) => c.field === 'id' || fields.includes(c.field)).map((c) => c.header);
    expect(declared).toEqual(['ID', 'Created', 'Status', 'Execution, %', 'Size, $', 'PnL, $']);
    // The row action follows the declared columns.
    expect(headers).toEqual([...declared, 'Action']);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, declared.length)).toEqual(['11', formatDateTime(row.created_at), 'Finished', '37.50%', '$2,500.00', '-$1,234.50']);
  });

  it('with a fixed profile sends it and offers no profile filter', async () => {
    const api = signalsApi(() => [signal('11', 'active_np')]);
    renderWithApp(<SignalsTable profileId={3} />, { api: makeApi(signedInState(makeUser()), api), path: '/strategy-profiles' });
    await screen.findByRole('link', { name: '11' });
    expect(api.calls.find((c) => c.url.includes('/signals/signals/'))!.url).toContain('profile=3');
    expect(screen.queryByTestId('filter-profile')).not.toBeInTheDocument();
  });
});
