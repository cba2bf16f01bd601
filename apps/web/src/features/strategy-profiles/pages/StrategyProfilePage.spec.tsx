import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { STRATEGY_WIZARD_UI, type Level } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { StrategyProfilePage } from './StrategyProfilePage';

const SETTINGS = {
  signal_settings: { timeframe: '4h', atr_n_periods: 14, atr_smooth_algo: 'ema', atr_threshold_percents: 2, price_direction: 'grow', start_point_coefficient: 0.5, timer_minutes: 30, signal_duration_minutes: 600, is_atr_minus_1: false, atr_minus_1_type: 'gte', atr_minus_1_value: 0 },
  order_management_settings: { orders_quantity: 1, enter_orders: [{ atr_distance_coefficient: 0.3, size_percent: 100, timer_minutes: 10 }], atr_timer: 5, change_of_atr_percentage: 10, exit_order_place_coefficient: 0.5, size_timer_minutes: 15, high_low_change_percentage: 2, high_low_change_timer: 20 },
  deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
};

function renderPage({ status = 'inactive', level = 'Full', failProfile = false }: { status?: string; level?: Level; failProfile?: boolean } = {}) {
  const api = fakeFetch((method, path, body) => {
    if (path === '/strategies/profiles/9/' && method === 'GET')
      return failProfile ? [404, { detail: 'Not found.' }] : [200, { id: 9, title: 'Momentum', status, action_state: 'NONE', mm_profile: { id: 1, title: 'Core MM' }, tickers: 2, ticker_configs_name: 'Majors' }];
    if (path === '/strategies/strategy-settings/9/' && method === 'GET') return [200, { schema_type: 'v1', settings: SETTINGS }];
    if (path === '/strategies/strategy-settings/9/' && method === 'PUT') return [200, body];
    return [404, {}];
  });
  renderWithApp(
    <Routes>
      <Route path="/strategy-profiles/:profileRef" element={<StrategyProfilePage />} />
    </Routes>,
    { api: makeApi(signedInState(makeUser({ profiles: level, profile_settings: level })), api), path: '/strategy-profiles/profile=9' },
  );
  return api;
}

describe('StrategyProfilePage', () => {
  it('shows the header, the read-only settings and the other tabs’ empty texts', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Momentum' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(await screen.findByText('4 hours')).toBeInTheDocument();
    // A long profile has no single cases.
    expect(screen.queryByTestId('summary-singleCases')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Signals' }));
    expect(screen.getByText(STRATEGY_WIZARD_UI.noSignals)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(screen.getByText(STRATEGY_WIZARD_UI.noOrders)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(screen.getByText(STRATEGY_WIZARD_UI.noStats)).toBeInTheDocument();
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
});
