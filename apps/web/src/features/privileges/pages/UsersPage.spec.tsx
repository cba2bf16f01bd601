import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_PATHS, LABELS, MESSAGES, SESSION_MESSAGES, SESSION_UI, SIGN_IN_OUTCOME_LABELS } from '@console/contracts';
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
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Email', 'Group', 'Save', SESSION_UI.details, 'Delete']);
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

  it('opens a user’s sessions and history, ends all of them after a confirmation, and offers no ending on one’s own row', async () => {
    const session = { id: '33333333-3333-4333-8333-333333333333', browser: 'Safari', system: 'iOS', address: '203.0.113.9', signed_in_at: '2026-01-15T10:00:00Z', last_active_at: '2026-01-15T11:00:00Z', is_current: false };
    let sessions = [session];
    const rows = [
      { id: 9, email: 'lost.laptop@example.com', is_active: true, group: { id: 3, name: 'Operators' } },
      { id: 7, email: 'operator@example.com', is_active: true, group: { id: 1, name: 'Operators' } },
    ];
    const fetch = fakeFetch((method, path) => {
      if (method === 'GET' && path.startsWith('/users/users/group_options/')) return [200, { results: [{ id: 3, name: 'Operators' }] }];
      if (method === 'GET' && path.startsWith(API_PATHS.userSignInHistory(9))) return [200, { count: 1, next: null, previous: null, results: [{ id: '5', created_at: '2026-01-15T10:00:00Z', address: '203.0.113.9', browser: 'Safari', system: 'iOS', outcome: 'success' }] }];
      if (method === 'GET' && path.startsWith(API_PATHS.userSignInHistory(7))) return [200, { count: 0, next: null, previous: null, results: [] }];
      if (method === 'GET' && path === API_PATHS.userSessions(9)) return [200, { results: sessions }];
      if (method === 'GET' && path === API_PATHS.userSessions(7)) return [200, { results: [{ ...session, id: '44444444-4444-4444-8444-444444444444' }] }];
      if (method === 'POST' && path === API_PATHS.endUserSessions(9)) return (sessions = [], [200, { detail: SESSION_MESSAGES.userSessionsEnded, ended: 1 }]);
      if (method === 'GET' && path.startsWith('/users/users/')) return [200, { count: 2, next: null, previous: null, results: rows }];
      return [404, {}];
    });
    renderWithApp(<UsersPage />, { api: makeApi(signedInState(makeUser()), fetch) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SESSION_UI.detailsOf('lost.laptop@example.com') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SESSION_UI.userDialogTitle('lost.laptop@example.com'))).toBeInTheDocument();
    expect(await within(within(dialog).getByTestId('user-sign-in-history')).findByText(SIGN_IN_OUTCOME_LABELS.success)).toBeInTheDocument();
    await within(within(dialog).getByTestId('user-sessions')).findByText('203.0.113.9');
    await user.click(within(dialog).getByRole('button', { name: SESSION_UI.endAll }));
    const confirm = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(confirm).getByText(SESSION_UI.endAllText('lost.laptop@example.com'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: SESSION_UI.endAll }));
    expect(await screen.findByText(SESSION_MESSAGES.userSessionsEnded)).toBeInTheDocument();
    expect(await within(dialog).findByText(SESSION_UI.noSessions)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SESSION_UI.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: SESSION_UI.detailsOf('operator@example.com') }));
    const own = await screen.findByRole('dialog');
    await within(own).findByText('203.0.113.9');
    expect(within(own).queryByRole('button', { name: SESSION_UI.endAll })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: new RegExp(`^${SESSION_UI.endAction}`) })).not.toBeInTheDocument();
  });
});
