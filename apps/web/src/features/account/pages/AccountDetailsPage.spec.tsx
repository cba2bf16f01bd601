import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { API_PATHS, MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState, type FakeFetch } from '../../../test/fixtures';
import { AccountDetailsPage } from './AccountDetailsPage';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderPage() {
  const api = fakeFetch((method, path, body) => {
    if (method === 'PUT' && path === '/users/users/7/') return [200, { id: 7, ...(body as object) }];
    if (method === 'GET' && path === API_PATHS.ownSessions) return [200, { results: [] }];
    if (method === 'GET' && path.startsWith(API_PATHS.ownSignInHistory)) return [200, { count: 0, next: null, previous: null, results: [] }];
    return [404, {}];
  });
  renderWithApp(
    <>
      <AccountDetailsPage />
      <Where />
    </>,
    { api: makeApi(signedInState(makeUser()), api), path: '/account-details' },
  );
  return api;
}

const puts = (api: FakeFetch) => api.calls.filter((call) => call.method === 'PUT');

describe('AccountDetailsPage', () => {
  it('enables Save only after a change', async () => {
    renderPage();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('asks for both passwords, refuses the same one, then saves and moves on', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Old password'), 'Old!pass1');
    expect((await screen.findAllByText(MESSAGES.bothPasswordsRequired)).length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('New password'), 'Old!pass1');
    expect(await screen.findByText(MESSAGES.newPasswordSameAsOld)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.dataUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/strategy-profiles'));
    expect(puts(api)[0].body).toEqual({ email: 'operator@example.com', old_password: 'Old!pass1', new_password: 'N3w!Password' });
  });

  it('asks for the current password, and only that, to change the email', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'renamed@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(OWN_MESSAGES.currentPasswordForEmail)).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);
    await user.type(screen.getByLabelText('Old password'), 'Old!pass1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.dataUpdated)).toBeInTheDocument();
    expect(puts(api)[0].body).toEqual({ email: 'renamed@example.com', old_password: 'Old!pass1' });
  });
});
