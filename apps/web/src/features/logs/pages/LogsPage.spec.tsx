import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../ui/format/date';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { LogsPage } from './LogsPage';

const row = {
  id: '5',
  created_at: '2026-11-22T10:15:30Z',
  type: 'general',
  event_type: 'order_cancelled',
  signal_id: '77',
  pair_id: null,
  pair_name: null,
  profile_id: null,
  profile_name: null,
  order_id: null,
  log_data: { state: 'active_np', message: 'order cancelled (CANCELED_BY_TIMER)' },
};
const logsApi = () =>
  fakeFetch((_m, path) => (path.startsWith('/logs/') && !path.includes('for_') ? [200, { count: 1, next: null, previous: null, results: [row] }] : [200, { count: 0, next: null, previous: null, results: [] }]));

describe('LogsPage', () => {
  it('keeps its filter inputs in step with the query string, so a Signal link and then Apply keep the filter', async () => {
    const api = logsApi();
    renderWithApp(<LogsPage />, { api: makeApi(signedInState(makeUser()), api), path: '/logs' });
    await userEvent.click(await screen.findByRole('link', { name: '77' }));
    await waitFor(() => expect(screen.getByLabelText('Signal id')).toHaveValue('77'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.calls.at(-1)?.url).toContain('signal_id=77'));
  });

  it('shows the declared columns, each cell as declared or drawn', async () => {
    renderWithApp(<LogsPage />, { api: makeApi(signedInState(makeUser()), logsApi()), path: '/logs' });
    await screen.findByRole('link', { name: '77' });
    const table = screen.getByTestId('logs-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Date & time', 'Event', 'Pair', 'Profile', 'Signal', 'Order', 'Message']);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['5', formatDateTime(row.created_at), 'general order_cancelled', '-', '-', '77', '-', 'Order cancelled: canceled by timer. Data']);
  });

  it('writes the message as a sentence, and the stored data only when asked for', async () => {
    renderWithApp(<LogsPage />, { api: makeApi(signedInState(makeUser()), logsApi()), path: '/logs' });
    expect(await screen.findByTestId('log-sentence')).toHaveTextContent('Order cancelled: canceled by timer.');
    expect(screen.queryByTestId('log-data')).toBeNull();
    const show = screen.getByRole('button', { name: 'Data' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(JSON.parse(screen.getByTestId('log-data').textContent ?? '')).toEqual(row.log_data);
    await userEvent.click(screen.getByRole('button', { name: 'Hide data' }));
    expect(screen.queryByTestId('log-data')).toBeNull();
  });

  it('gives a Limited group the Event column when it sees the type alone, and no column it does not see', async () => {
    const user = makeUser({ logs: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'logs' ? { ...p, fields: ['pair_name', 'type'], filtering: false } : p));
    renderWithApp(<LogsPage />, { api: makeApi(signedInState(user), logsApi()), path: '/logs' });
    const table = await screen.findByTestId('logs-table');
    await within(table).findByRole('cell', { name: '5' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['ID', 'Event', 'Pair']);
  });

  it('offers a Limited group only the filters on the columns it sees', async () => {
    const user = makeUser({ logs: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'logs' ? { ...p, fields: ['type', 'event_type'], filtering: true } : p));
    renderWithApp(<LogsPage />, { api: makeApi(signedInState(user), logsApi()), path: '/logs' });
    expect(await screen.findByLabelText('Type')).toBeInTheDocument();
    expect(screen.queryByLabelText('Signal id')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Pair')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Profile')).not.toBeInTheDocument();
  });
});
