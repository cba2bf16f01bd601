import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import type { AuthState } from '../api/session-store';
import { makeApi, makeUser, renderWithApp, signedInState } from '../test/fixtures';
import { AppRoutes } from './router';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

async function landOn(path: string, state: Partial<AuthState>) {
  cleanup();
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { api: makeApi(state), path },
  );
  await waitFor(() => expect(screen.getByTestId('where')).toBeInTheDocument());
  return screen.getByTestId('where').textContent;
}

const loggedOut: Partial<AuthState> = { isInitialized: true };

describe('route guards', () => {
  it('sends a visitor who is not signed in to /login', async () => {
    expect(await landOn('/logs', loggedOut)).toBe('/login');
    expect(await landOn('/', loggedOut)).toBe('/login');
  });

  it('sends an authenticated but unverified user to /login', async () => {
    expect(await landOn('/logs', { ...signedInState(makeUser()), isVerified: false })).toBe('/login');
  });

  it('sends unknown paths to /login', async () => {
    expect(await landOn('/no-such-page', loggedOut)).toBe('/login');
    // Signed in, /login passes the user on to loginRedirect.
    expect(await landOn('/strategy-profiles/whatever', signedInState(makeUser({ profiles: 'NP' })))).toBe('/account-details');
  });

  it('opens an allowed route and shows its page', async () => {
    expect(await landOn('/logs', signedInState(makeUser()))).toBe('/logs');
    expect(screen.getByRole('heading', { name: 'Logs dashboard' })).toBeInTheDocument();
  });

  it('opens profile={id} routes', async () => {
    expect(await landOn('/strategy-profiles/profile=12', signedInState(makeUser()))).toBe('/strategy-profiles/profile=12');
  });

  it('hides a route whose sections are NP, sending the user to the root target', async () => {
    expect(await landOn('/logs', signedInState(makeUser({ logs: 'NP' })))).toBe('/signals-and-orders/signals');
    expect(await landOn('/logs', signedInState(makeUser({ logs: 'NP', signals: 'NP' })))).toBe('/account-details');
  });

  it('root goes to signals when allowed, else to account details', async () => {
    expect(await landOn('/', signedInState(makeUser()))).toBe('/signals-and-orders/signals');
    expect(await landOn('/', signedInState(makeUser({ signals: 'NP' })))).toBe('/account-details');
  });

  it('redirect pages pick the first permitted tab', async () => {
    expect(await landOn('/signals-and-orders', signedInState(makeUser({ signals: 'NP', orders: 'NP' })))).toBe(
      '/signals-and-orders/administration',
    );
    expect(await landOn('/stats', signedInState(makeUser({ profiles_stats: 'NP' })))).toBe('/stats/account-stats');
    expect(await landOn('/privileges', signedInState(makeUser({ groups: 'NP' })))).toBe('/privileges/user-management');
    expect(await landOn('/strategy-profiles', signedInState(makeUser()))).toBe('/strategy-profiles/strategy');
  });

  it('shows only the permitted tabs', async () => {
    await landOn('/signals-and-orders/orders', signedInState(makeUser({ signals: 'NP', risk_control: 'NP' })));
    expect(screen.queryByTestId('tab-signals')).not.toBeInTheDocument();
    expect(screen.getByTestId('tab-orders')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tab-administration')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-riskControl')).not.toBeInTheDocument();
  });

  it('/login for a verified user goes to loginRedirect', async () => {
    expect(await landOn('/login', signedInState(makeUser()))).toBe('/signals-and-orders/signals');
    expect(await landOn('/login', signedInState(makeUser({ profiles: 'NP', signals: 'NP' })))).toBe('/account-details');
  });

  it('shows the loader while the session is initialising', async () => {
    renderWithApp(<AppRoutes />, { api: makeApi({ hasSession: true, isInitialized: false }, () => new Promise<Response>(() => undefined)), path: '/logs' });
    expect(screen.getByTestId('full-screen-loader')).toBeInTheDocument();
  });
});
