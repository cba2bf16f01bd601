import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LABELS, MESSAGES } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { UsersPage } from './UsersPage';

describe('UsersPage', () => {
  it('offers the groups the manager may grant, from the users section, even without the groups section', async () => {
    const fetch = fakeFetch((method, path, body) => {
      if (method === 'GET' && path.startsWith('/users/users/group_options/')) return [200, { results: [{ id: 3, name: 'Operators' }] }];
      if (method === 'GET' && path.startsWith('/users/users/')) return [200, { count: 1, next: null, previous: null, results: [{ id: 9, email: 'admin@example.com', is_active: true, group: { id: 1, name: 'Administrators' } }] }];
      if (method === 'POST' && path === '/users/users/') return [201, { id: 10, is_active: true, group: { id: 3, name: 'Operators' }, ...(body as object) }];
      return [403, { detail: 'You do not have permission to perform this action.' }];
    });
    renderWithApp(<UsersPage />, { api: makeApi(signedInState(makeUser({ groups: 'NP' })), fetch) });
    expect(await screen.findByText('admin@example.com')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.url.includes('/users/groups/'))).toBe(false);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: LABELS.addNewUser }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Operators']);
    await user.click(screen.getByRole('option', { name: 'Operators' }));
    await user.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'abc123!x');
    await user.type(within(dialog).getByLabelText('Repeat password'), 'abc123!x');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@example.com', password: 'abc123!x', group: 3 }));
  });

  it('asks before deleting a user, and shows No Data... when there are none', async () => {
    let rows = [{ id: 9, email: 'old@example.com', is_active: true, group: { id: 3, name: 'Operators' } }];
    const fetch = fakeFetch((method, path) => {
      if (method === 'GET' && path.startsWith('/users/users/group_options/')) return [200, { results: [{ id: 3, name: 'Operators' }] }];
      if (method === 'GET' && path.startsWith('/users/users/')) return [200, { count: rows.length, next: null, previous: null, results: rows }];
      if (method === 'DELETE' && path === '/users/users/9/') return (rows = [], [204, undefined]);
      return [404, {}];
    });
    renderWithApp(<UsersPage />, { api: makeApi(signedInState(makeUser()), fetch) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(fetch.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.noData)).toBeInTheDocument();
    expect(fetch.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
