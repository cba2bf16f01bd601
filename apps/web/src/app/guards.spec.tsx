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
  // Screens load on demand, and the redirects they make come after: wait until no loader shows and the
  // location has held still for a moment.
  let last: string | null = null;
  let since = Date.now();
  await waitFor(
    () => {
      const now = screen.getByTestId('where').textContent;
      if (now !== last) [last, since] = [now, Date.now()];
      expect(screen.queryByTestId('full-screen-loader')).not.toBeInTheDocument();
      expect(screen.queryByTestId('page-loader')).not.toBeInTheDocument();
      expect(Date.now() - since).toBeGreaterThanOrEqual(1000);
    },
    { timeout: 5000, interval: 50 },
  );
  return screen.getByTestId('where').textContent;
}

const loggedOut: Partial<AuthState> = { isInitialized: true };

describe('route guards', () => {
  // The screens' code loads on demand; load it once up front so each test sees its redirects at once.
  beforeAll(() => preloadScreens(), 30_000);

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
    expect(await landOn('/mm-profiles/whatever', signedInState(makeUser({ profiles: 'NP' })))).toBe('/account-details');
  });

  it('opens an allowed route and shows its page', async () => {
    expect(await landOn('/logs', signedInState(makeUser()))).toBe('/logs');
    expect(screen.getByRole('heading', { name: 'Logs dashboard' })).toBeInTheDocument();
  });

  it('opens profile={id} routes', async () => {
    expect(await landOn('/strategy-profiles/profile=12', signedInState(makeUser()))).toBe('/strategy-profiles/profile=12');
  });

  it('opens no screen whose calls would be refused: the profile page needs profiles, the forms a write and what they read', async () => {
    expect(await landOn('/strategy-profiles/profile=12', signedInState(makeUser({ profiles: 'NP' })))).toBe('/signals-and-orders/signals');
    // Read-only add forms would only fail to save.
    expect(await landOn('/mm-profiles/add-mm-profile', signedInState(makeUser({ mm_profiles: 'ReadOnly' })))).toBe('/signals-and-orders/signals');
    expect(await landOn('/strategy-profiles/add-strategy-profile', signedInState(makeUser({ profiles: 'ReadOnly' })))).toBe('/signals-and-orders/signals');
    expect(await landOn('/strategy-profiles/add-strategy-profile', signedInState(makeUser({ profile_settings: 'ReadOnly' })))).toBe('/signals-and-orders/signals');
    // The MM form's account list reads the exchange accounts.
    expect(await landOn('/mm-profiles/add-mm-profile', signedInState(makeUser({ exchange_account: 'NP' })))).toBe('/signals-and-orders/signals');
    expect(await landOn('/mm-profiles/add-mm-profile', signedInState(makeUser({ exchange_account: 'ReadOnly' })))).toBe('/mm-profiles/add-mm-profile');
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

describe('a menu entry with tabs', () => {
  beforeAll(() => preloadScreens(), 60_000);

  it('opens its first tab from any of its tabs, without a stop on the redirect page', async () => {
    for (const [from, menu, first, heading] of [
      ['/signals-and-orders/orders', 'signalsAndOrders', '/signals-and-orders/signals', 'Signals'],
      ['/stats/account-stats', 'stats', '/stats/strategy-stats', 'Strategy stats'],
      ['/privileges/user-management', 'privileges', '/privileges/groups', 'Privileges'],
      ['/strategy-profiles/tickers', 'strategyProfiles', '/strategy-profiles/strategy', 'Strategy profiles list'],
    ] as const) {
      expect(await landOn(from, signedInState(makeUser()))).toBe(from);
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
