import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { GroupsPage } from './GroupsPage';

describe('GroupsPage', () => {
  it('lists the groups in the shared table, asks before deleting one, then says there are none', async () => {
    let rows = [{ id: 4, name: 'Operators', perms: [], users_count: 0 }];
    const fetch = fakeFetch((method, path) => {
      if (method === 'GET' && path.startsWith('/users/groups/')) return [200, { count: rows.length, next: null, previous: null, results: rows }];
      if (method === 'DELETE' && path === '/users/groups/4/') return (rows = [], [204, undefined]);
      return [404, {}];
    });
    renderWithApp(<GroupsPage />, { api: makeApi(signedInState(makeUser()), fetch) });
    const table = await screen.findByTestId('groups-table');
    expect(await within(table).findByRole('cell', { name: 'Operators' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(table).findByText(MESSAGES.noGroups)).toBeInTheDocument();
    await waitFor(() => expect(fetch.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('offers no edit or delete at ReadOnly', async () => {
    const fetch = fakeFetch(() => [200, { count: 1, next: null, previous: null, results: [{ id: 4, name: 'Operators', perms: [], users_count: 2 }] }]);
    renderWithApp(<GroupsPage />, { api: makeApi(signedInState(makeUser({ groups: 'ReadOnly' })), fetch) });
    expect(await screen.findByRole('cell', { name: 'Operators' })).toBeInTheDocument();
    // The declared columns alone, without the Actions column.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Active users']);
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete|Add New Group/ })).not.toBeInTheDocument();
  });
});
