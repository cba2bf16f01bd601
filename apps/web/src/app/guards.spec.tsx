import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import type { AuthState } from '../api/session-store';
import { makeApi, makeUser, renderWithApp, signedInState } from '../test/fixtures';
import { AppRoutes, preloadScreens } from './router';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/**
 * Renders `path` and waits until the app has landed on `expected`: the location is there, no loader
 * shows and the screen's heading is rendered (redirect pages and guards render none). One more flush of
 * React's pending work then must leave it there: a later redirect would move it on.
 */
async function landOn(path: string, state: Partial<AuthState>, expected: string) {
  cleanup();
  renderWithApp(
    <>
      <AppRoutes />
      <Where />
    </>,
    { api: makeApi(state), path },
  );
  await waitFor(
    () => {
      expect(screen.getByTestId('where').textContent).toBe(expected);
      expect(screen.queryByTestId('full-screen-loader')).not.toBeInTheDocument();
      expect(screen.queryByTestId('page-loader')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    },
    { timeout: 5000 },
  );
  await act(async () => undefined);
  expect(screen.getByTestId('where').textContent).toBe(expected);
}

const loggedOut: Partial<AuthState> = { isInitialized: true };

describe('route guards', () => {
  // The screens' code loads on demand; load it once up front so each test sees its redirects at once.
  beforeAll(() => preloadScreens(), 30_000);

  it('sends a visitor who is not signed in to /login', async () => {
    await landOn('/logs', loggedOut, '/login');
    await landOn('/', loggedOut, '/login');
  });

  it('sends an authenticated but unverified user to /login', async () => {
    await landOn('/logs', { ...signedInState(makeUser()), isVerified: false }, '/login');
  });

  it('sends unknown paths to /login', async () => {
    await landOn('/no-such-page', loggedOut, '/login');
    // Signed in, /login passes the user on to loginRedirect.
    await landOn('/mm-profiles/whatever', signedInState(makeUser({ profiles: 'NP' })), '/account-details');
  });

  it('opens an allowed route and shows its page', async () => {
    await landOn('/logs', signedInState(makeUser()), '/logs');
    expect(screen.getByRole('heading', { name: 'Logs dashboard' })).toBeInTheDocument();
  });

  it('opens profile={id} routes', async () => {
    await landOn('/strategy-profiles/profile=12', signedInState(makeUser()), '/strategy-profiles/profile=12');
  });

  it('opens no screen whose calls would be refused: the profile page needs profiles, the forms a write and what they read', async () => {
    await landOn('/strategy-profiles/profile=12', signedInState(makeUser({ profiles: 'NP' })), '/signals-and-orders/signals');
    // Read-only add forms would only fail to save.
    await landOn('/mm-profiles/add-mm-profile', signedInState(makeUser({ mm_profiles: 'ReadOnly' })), '/signals-and-orders/signals');
    await landOn('/strategy-profiles/add-strategy-profile', signedInState(makeUser({ profiles: 'ReadOnly' })), '/signals-and-orders/signals');
    await landOn('/strategy-profiles/add-strategy-profile', signedInState(makeUser({ profile_settings: 'ReadOnly' })), '/signals-and-orders/signals');
    // The MM form's account list reads the exchange accounts.
    await landOn('/mm-profiles/add-mm-profile', signedInState(makeUser({ exchange_account: 'NP' })), '/signals-and-orders/signals');
    await landOn('/mm-profiles/add-mm-profile', signedInState(makeUser({ exchange_account: 'ReadOnly' })), '/mm-profiles/add-mm-profile');
  });

  it('hides a route whose sections are NP, sending the user to the root target', async () => {
    await landOn('/logs', signedInState(makeUser({ logs: 'NP' })), '/signals-and-orders/signals');
    await landOn('/logs', signedInState(makeUser({ logs: 'NP', signals: 'NP' })), '/account-details');
  });

  it('root goes to signals when allowed, else to account details', async () => {
    await landOn('/', signedInState(makeUser()), '/signals-and-orders/signals');
    await landOn('/', signedInState(makeUser({ signals: 'NP' })), '/account-details');
  });

  it('redirect pages pick the first permitted tab', async () => {
    await landOn('/signals-and-orders', signedInState(makeUser({ signals: 'NP', orders: 'NP' })), '/signals-and-orders/administration');
    await landOn('/stats', signedInState(makeUser({ profiles_stats: 'NP' })), '/stats/account-stats');
    await landOn('/privileges', signedInState(makeUser({ groups: 'NP' })), '/privileges/user-management');
    await landOn('/strategy-profiles', signedInState(makeUser()), '/strategy-profiles/strategy');
  });

  it('shows only the permitted tabs', async () => {
    await landOn('/signals-and-orders/orders', signedInState(makeUser({ signals: 'NP', risk_control: 'NP' })), '/signals-and-orders/orders');
    expect(screen.queryByTestId('tab-signals')).not.toBeInTheDocument();
    expect(screen.getByTestId('tab-orders')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('tab-administration')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-riskControl')).not.toBeInTheDocument();
  });

  it('/login for a verified user goes to loginRedirect', async () => {
    await landOn('/login', signedInState(makeUser()), '/signals-and-orders/signals');
    await landOn('/login', signedInState(makeUser({ profiles: 'NP', signals: 'NP' })), '/account-details');
  });

  it('shows the loader while the session is initialising', async () => {
    renderWithApp(<AppRoutes />, { api: makeApi({ hasSession: true, isInitialized: false }, () => new Promise<Response>(() => undefined)), path: '/logs' });
    expect(screen.getByTestId('full-screen-loader')).toBeInTheDocument();
  });
});

describe('a menu entry with tabs', () => {
  beforeAll(() => preloadScreens(), 60_000);

  it('opens its first tab from any of its tabs, without a stop on the redirect page', async () => {
    for (const [from, menu, first, heading] of [
      ['/signals-and-orders/orders', 'signalsAndOrders', '/signals-and-orders/signals', 'Signals'],
      ['/stats/account-stats', 'stats', '/stats/strategy-stats', 'Strategy stats'],
      ['/privileges/user-management', 'privileges', '/privileges/groups', 'Privileges'],
      ['/strategy-profiles/tickers', 'strategyProfiles', '/strategy-profiles/strategy', 'Strategy profiles list'],
    ] as const) {
      await landOn(from, signedInState(makeUser()), from);
      // The menu is the phone's drawer in jsdom (kept in the page while closed).
      const entry = screen.getByTestId(`menu-${menu}`);
      // The entry links to the first tab itself: the redirect page, a second navigation, is never passed.
      expect(entry).toHaveAttribute('href', first);
      await act(async () => entry.click());
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(first));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    }
  }, 90_000);
});
