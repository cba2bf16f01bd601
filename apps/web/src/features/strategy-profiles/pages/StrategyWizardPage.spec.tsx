import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isSettingsObject, STRATEGY_PROFILE_MESSAGES, type SettingsDocument } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { StrategyWizardPage } from './StrategyWizardPage';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

/** A long (price grows) profile with every block a finished one has. */
const GROWING: SettingsDocument = {
  signal_settings: { timeframe: '1h', atr_n_periods: 14, atr_smooth_algo: 'ema', atr_threshold_percents: 2, price_direction: 'grow', start_point_coefficient: 0.5, timer_minutes: 30, signal_duration_minutes: 600, is_atr_minus_1: false, atr_minus_1_type: 'gte', atr_minus_1_value: 0 },
  order_management_settings: { orders_quantity: 1, enter_orders: [{ atr_distance_coefficient: 0.3, size_percent: 100, timer_minutes: 10 }], atr_timer: 5, change_of_atr_percentage: 10, exit_order_place_coefficient: 0.5, size_timer_minutes: 15, high_low_change_percentage: 2, high_low_change_timer: 20 },
  deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 },
};

/** `settingsAnswer` stands in for the API's answer to a settings save (by default the document saved). */
function renderWizard(profile: Record<string, unknown> | null, settings: SettingsDocument = {}, settingsAnswer = (body: unknown): [number, unknown] => [200, body]) {
  const api = fakeFetch((method, path, body) => {
    if (method === 'GET' && path === '/strategies/profiles/5/') return [200, { id: 5, status: 'draft', action_state: 'NONE', ...profile }];
    if (method === 'GET' && path === '/strategies/strategy-settings/5/') return [200, { schema_type: 'v1', settings }];
    if (method === 'PUT' && path === '/strategies/strategy-settings/5/') return settingsAnswer(body);
    if (method === 'PUT' && path === '/strategies/profiles/5/') return [200, { id: 5, ...profile, ...(isSettingsObject(body) ? body : {}) }];
    if (method === 'GET' && path.startsWith('/strategies/profiles/for-filters/')) return [200, { count: 1, next: null, previous: null, results: [{ id: 8, title: 'Source profile' }] }];
    if (method === 'GET' && path === '/strategies/strategy-settings/8/') return [200, { schema_type: 'v1', settings: { ...GROWING, signal_settings: { ...GROWING.signal_settings, timeframe: '4h' } } }];
    return [200, { count: 0, next: null, previous: null, results: [] }];
  });
  renderWithApp(
    <>
      <StrategyWizardPage />
      <Where />
    </>,
    { api: makeApi(signedInState(makeUser()), api), path: profile ? '/strategy-profiles/add-strategy-profile?id=5' : '/strategy-profiles/add-strategy-profile' },
  );
  return api;
}

const basics = { title: 'Alpha', mm_profile: { id: 2, title: 'Core MM' }, tickers: 3, ticker_configs_name: 'Majors' };

describe('StrategyWizardPage', () => {
  it('starts a new profile at Profile settings and names each missing field', async () => {
    const api = renderWizard(null);
    const user = userEvent.setup();
    expect(await screen.findByText('Step 1 of 8')).toBeInTheDocument();
    expect(screen.getByText('Apply template')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(STRATEGY_PROFILE_MESSAGES.titleBlank)).toBeInTheDocument();
    expect(screen.getByText(STRATEGY_PROFILE_MESSAGES.mmProfileBlank)).toBeInTheDocument();
    expect(screen.getByText(STRATEGY_PROFILE_MESSAGES.tickersBlank)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('resumes a draft with signal settings only at Order management', async () => {
    renderWizard({ title: 'Draft' }, { signal_settings: GROWING.signal_settings });
    expect(await screen.findByText('Step 3 of 8')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order management' })).toBeInTheDocument();
  });

  it('skips single cases both ways when the price grows, saving each step on Next', async () => {
    const api = renderWizard(basics, GROWING);
    const user = userEvent.setup();
    expect(await screen.findByText('Step 8 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 6 of 8')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Monitoring' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Delisting: block signals' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Step 8 of 8')).toBeInTheDocument();
    const saved = api.calls.find((call) => call.method === 'PUT' && call.url.endsWith('/strategy-settings/5/'));
    expect(saved?.body).toMatchObject({ schema_type: 'v1', settings: { delisting_settings: { block_signals: true }, signal_settings: { atr_minus_1_value: 0 } } });
    expect(screen.queryByTestId('summary-singleCases')).toBeNull();
  });

  it('walks single cases when the price falls', async () => {
    renderWizard(basics, { ...GROWING, signal_settings: { ...GROWING.signal_settings, price_direction: 'fall' } });
    const user = userEvent.setup();
    expect(await screen.findByText('Step 8 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 7 of 8')).toBeInTheDocument();
  });

  it('finishes a complete draft: the document, then status inactive, then the list', async () => {
    const api = renderWizard(basics, GROWING);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/strategy-profiles/strategy'));
    const writes = api.calls.filter((call) => call.method === 'PUT').map((call) => [call.url.replace(/^\/api\/v2/, ''), call.body]);
    expect(writes[0][0]).toBe('/strategies/strategy-settings/5/');
    expect(writes[1]).toEqual(['/strategies/profiles/5/', { status: 'inactive' }]);
  });

  it('refuses Finish while the document breaks a rule: Include all necessary fields', async () => {
    // A document stored before a rule existed: N-periods out of its range.
    const api = renderWizard(basics, { ...GROWING, signal_settings: { ...GROWING.signal_settings, atr_n_periods: 3 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(STRATEGY_PROFILE_MESSAGES.incomplete)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows a 400 message on a field the form does not hold above the step, not nowhere', async () => {
    // The form holds the exit rule as one choice, so a message on one of its flags has no input to go under.
    renderWizard(basics, GROWING, () => [400, { 'settings.order_management_settings.is_exit_rule_by_time': ['Must be a boolean.'] }]);
    const user = userEvent.setup();
    expect(await screen.findByText('Step 8 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 6 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Must be a boolean.');
    expect(screen.getByText('Step 6 of 8')).toBeInTheDocument();
  });

  it('opens at Profile settings when the basics are missing, whatever the settings', async () => {
    renderWizard({ ...basics, mm_profile: null }, GROWING);
    expect(await screen.findByText('Step 1 of 8')).toBeInTheDocument();
    expect(screen.getByLabelText('Strategy profile name')).toHaveValue('Alpha');
  });

  it('applies a template: the toggle reads Templated and the steps hold its values', async () => {
    renderWizard(basics);
    const user = userEvent.setup();
    expect(await screen.findByText('Step 2 of 8')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Apply template' }));
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Source profile' }));
    expect(await screen.findByText('Templated')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Working time frame' })).toHaveTextContent('4 hours'));
  });
});
