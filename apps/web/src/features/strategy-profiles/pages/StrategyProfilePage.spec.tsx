import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SIGNALS_UI, STATS_UI, STRATEGY_PROFILE_UI, type Level, type SectionName } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { StrategyProfilePage } from './StrategyProfilePage';

const SETTINGS = {
  signal_settings: { timeframe: '4h', atr_n_periods: 14, atr_smooth_algo: 'ema', atr_threshold_percents: 2, price_direction: 'grow', start_point_coefficient: 0.5, timer_minutes: 30, signal_duration_minutes: 600, is_atr_minus_1: false, atr_minus_1_type: 'gte', atr_minus_1_value: 0 },
  order_management_settings: { orders_quantity: 1, enter_orders: [{ atr_distance_coefficient: 0.3, size_percent: 100, timer_minutes: 10 }], atr_timer: 5, change_of_atr_percentage: 10, exit_order_place_coefficient: 0.5, size_timer_minutes: 15, high_low_change_percentage: 2, high_low_change_timer: 20 },
  deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
};

/** The lists the Statistics, Orders and Signals tabs read, with the parameter that keeps them to the profile. */
const PROFILE_LISTS: Record<string, string> = { '/signals/signals/': 'profile', '/orders/orders/': 'profile', '/strategies/profiles-stats/': 'profile_id__in' };

/** The profile as the API answers a start or stop: the engine done already (CHANGED) or still to answer (CHANGING). */
type CommandAnswer = { status: string; action_state: string };

function renderPage({
  status = 'inactive',
  level = 'Full',
  failProfile = false,
  others = {},
  commandAnswer = { status: 'active', action_state: 'CHANGED' },
}: { status?: string; level?: Level; failProfile?: boolean; others?: Partial<Record<SectionName, Level>>; commandAnswer?: CommandAnswer } = {}) {
  const api = fakeFetch((method, path, body) => {
    if (path === '/strategies/profiles/9/' && method === 'GET')
      return failProfile ? [404, { detail: 'Not found.' }] : [200, { id: 9, title: 'Momentum', status, action_state: 'NONE', mm_profile: { id: 1, title: 'Core MM' }, tickers: 2, ticker_configs_name: 'Majors' }];
    if ((path === '/strategies/profiles/9/start/' || path === '/strategies/profiles/9/stop/') && method === 'PUT') return [200, { id: 9, title: 'Momentum', ...commandAnswer }];
    if (path === '/strategies/strategy-settings/9/' && method === 'GET') return [200, { schema_type: 'v1', settings: SETTINGS }];
    if (path === '/strategies/strategy-settings/9/' && method === 'PUT') return [200, body];
    // The other tabs' lists, asked for this profile only.
    if (Object.keys(PROFILE_LISTS).includes(path.split('?')[0]) && method === 'GET') return [200, { count: 0, next: null, previous: null, results: [] }];
    return [404, {}];
  });
  renderWithApp(
    <Routes>
      <Route path="/strategy-profiles/:profileRef" element={<StrategyProfilePage />} />
    </Routes>,
    { api: makeApi(signedInState(makeUser({ ...others, profiles: level, profile_settings: level })), api), path: '/strategy-profiles/profile=9' },
  );
  return api;
}

describe('StrategyProfilePage', () => {
  it('shows the header, the read-only settings and the other tabs’ lists of this profile', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    expect(await screen.findByRole('heading', { name: 'Momentum' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(await screen.findByText('4 hours')).toBeInTheDocument();
    // A long profile has no single cases.
    expect(screen.queryByTestId('summary-singleCases')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Signals' }));
    expect(await screen.findByText(SIGNALS_UI.signalsEmpty)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(await screen.findByText(SIGNALS_UI.ordersEmpty)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText(STATS_UI.strategyEmpty)).toBeInTheDocument();
    for (const [list, filter] of Object.entries(PROFILE_LISTS)) {
      const asked = api.calls.map((call) => new URL(call.url, 'http://console.test')).filter((url) => url.pathname === `/api/v2${list}`);
      expect(asked.length, list).toBeGreaterThan(0);
      expect(asked.every((url) => url.searchParams.get(filter) === '9'), `${list} asks for this profile only`).toBe(true);
    }
  });

  it('shows only the tabs whose lists the group may read', async () => {
    renderPage({ others: { signals: 'NP', profiles_stats: 'NP' } });
    expect(await screen.findByRole('heading', { name: 'Momentum' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Settings', 'Orders']);
  });

  it('hides Edit and the status button at ReadOnly', async () => {
    renderPage({ level: 'ReadOnly' });
    expect(await screen.findByText('4 hours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('replaces the header with the error of a failed load', async () => {
    renderPage({ failProfile: true });
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the strategy profiles list' })).toBeNull();
  });

  it('edits one block in a modal; a new price direction asks for Next through order management and single cases', async () => {
    const user = userEvent.setup();
    const api = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Deviation settings' }));
    let dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Limit funding rate'));
    await user.type(within(dialog).getByLabelText('Limit funding rate'), '0.05');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must be greater than or equal to 0.1')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Limit funding rate'));
    await user.type(within(dialog).getByLabelText('Limit funding rate'), '0.7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Edit Key parameters' });
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({ settings: { deviation_settings: { limit_funding_rate: 0.7, limit_price_deviation: 0.5 } } });

    await user.click(screen.getByRole('button', { name: 'Edit Key parameters' }));
    dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Price direction' }));
    await user.click(screen.getByRole('option', { name: 'Fall (short)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByLabelText('Future price')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Future price is required')).toBeInTheDocument();
  });

  it('offers no Edit while the profile runs', async () => {
    renderPage({ status: 'active' });
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(await screen.findByText('4 hours')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });

  it('asks before stopping a trading profile, and says so when the engine has stopped it', async () => {
    const user = userEvent.setup();
    const api = renderPage({ status: 'active', commandAnswer: { status: 'inactive', action_state: 'CHANGED' } });
    const sent = () => api.calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/strategies/profiles/9/stop/'));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    let dialog = await screen.findByRole('dialog', { name: STRATEGY_PROFILE_UI.stopConfirmTitle });
    expect(dialog).toHaveTextContent(STRATEGY_PROFILE_UI.stopConfirmText('Momentum'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    dialog = await screen.findByRole('dialog', { name: STRATEGY_PROFILE_UI.stopConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: STRATEGY_PROFILE_UI.stopConfirmLabel }));
    expect(await screen.findByText(STRATEGY_PROFILE_UI.stopped('Momentum'))).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
  });

  it('starts without asking, and tells when the engine refused the start', async () => {
    const user = userEvent.setup();
    // The API accepts (CHANGING); the profile read next shows NONE: the engine refused.
    const api = renderPage({ status: 'inactive', commandAnswer: { status: 'active', action_state: 'CHANGING' } });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(STRATEGY_PROFILE_UI.engineRefused('Momentum', 'start'))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/strategies/profiles/9/start/'))).toHaveLength(1);
  });

  it('says the engine started the profile', async () => {
    const user = userEvent.setup();
    renderPage({ status: 'inactive' });
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText(STRATEGY_PROFILE_UI.started('Momentum'))).toBeInTheDocument();
  });
});
