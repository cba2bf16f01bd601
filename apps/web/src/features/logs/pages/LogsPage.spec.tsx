import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { LogsPage } from './LogsPage';

const row = { id: '5', created_at: '2026-11-22T10:15:30Z', type: 'engine', event_type: 'signal', signal_id: '77', pair_id: null, pair_name: null, profile_id: null, profile_name: null, order_id: null, log_data: {} };
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
