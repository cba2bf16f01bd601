import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { BacktestPage } from './BacktestPage';

const run = {
  id: '9',
  profile_id: 3,
  profile: 'Draft trend',
  market: 'model',
  date_from: '2026-01-01T00:00:00Z',
  date_until: '2026-02-01T00:00:00Z',
  status: 'SUCCESS',
  progress: 100,
  total_return_percent: 12.5,
  max_drawdown_percent: 3.25,
  trade_count: 1,
  created_by: 'operator@example.com',
  created_at: '2026-03-01T10:00:00Z',
  inputs: { profile_id: 3, pairs: [1, 4], pair_symbols: ['BTCUSDT', 'ETHUSDT'], market: 'model', seed: 7, date_from: '2026-01-01T00:00:00Z', date_until: '2026-02-01T00:00:00Z', deposit: '10000', settings: { signal_settings: { atr_threshold_percents: 0.35 } }, fee_rate: null, slippage_rate: '0.001' },
  figures: { total_return_percent: 12.5, sharpe: 1.234, trade_count: 1, fees_paid: '3.5', best_trade: null },
  duration_ms: 4249,
  error: null,
  started_at: null,
  finished_at: null,
};
const trade = { id: '1', pair_id: 1, pair: 'BTCUSDT', side: 'long', entry_at: '2026-01-02T00:00:00Z', exit_at: '2026-01-03T00:00:00Z', entry_price: '100.123456789012', exit_price: '110', quantity: '1', size: '100', pnl: '10', fees: '0.2', exit_reason: 'exit_order' };

const api = () =>
  fakeFetch((method, path) => {
    if (method === 'POST' && path === '/backtests/9/promote/') return [200, { schema_type: 'v1', settings: run.inputs.settings }];
    if (method === 'POST' && path === '/backtests/9/promote-draft/') return [201, { id: 12, title: 'Draft trend (backtest #9)', status: 'draft' }];
    if (path.startsWith('/backtests/9/trades/')) return [200, { count: 1, next: null, previous: null, results: [trade] }];
    if (path === '/backtests/9/equity/') return [200, []];
    if (path.startsWith('/backtests/9/candles/')) return [200, []];
    return [200, run];
  });

const renderPage = (fetch = api(), user = makeUser()) =>
  renderWithApp(
    <Routes>
      <Route path="/backtests/:id" element={<BacktestPage />} />
    </Routes>,
    { api: makeApi(signedInState(user), fetch), path: '/backtests/9' },
  );

describe('BacktestPage', () => {
  it("shows the run's figures, its duration, its trades and the settings it used", async () => {
    renderPage();
    const figures = await screen.findByTestId('backtest-figures');
    expect(within(figures).getByTestId('figure-total_return_percent')).toHaveTextContent('Total return12.50%');
    expect(within(figures).getByTestId('figure-sharpe')).toHaveTextContent('Sharpe1.23');
    expect(within(figures).getByTestId('figure-best_trade')).toHaveTextContent('Best trade-');
    expect(screen.getByTestId('backtest-headline')).toHaveTextContent('Ran for 4.2 s');
    const trades = await screen.findByTestId('backtest-trades');
    expect(await within(trades).findByRole('cell', { name: 'BTCUSDT' })).toBeInTheDocument();
    expect(within(trades).getByRole('cell', { name: 'Exit order' })).toBeInTheDocument();
    expect(screen.getByTestId('backtest-settings')).toHaveTextContent('"atr_threshold_percents": 0.35');
    expect(screen.getByTestId('backtest-settings')).toHaveTextContent("Fee rate: paper venue's");
    expect(within(trades).getByTestId('export-button')).toHaveTextContent('Export');
  });

  it('names the pairs by symbol, writes trade prices as the orders do, and reads a model run’s candles from the run', async () => {
    const fetch = api();
    renderPage(fetch);
    const trades = await screen.findByTestId('backtest-trades');
    expect(await within(trades).findByRole('cell', { name: '100.12346' })).toBeInTheDocument();
    expect(within(trades).getByRole('cell', { name: '110.00000' })).toBeInTheDocument();
    expect(screen.getByTestId('backtest-settings')).toHaveTextContent('Pairs: BTCUSDT, ETHUSDT');
    expect(await screen.findByTestId('trades-on-candles')).toHaveTextContent("the model's (seed 7)");
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'GET' && c.url.includes('/backtests/9/candles/?pair=BTCUSDT&timeframe=4h'))).toBe(true));
    expect(fetch.calls.some((c) => c.url.includes('/market-data/'))).toBe(false);
  });

  it('promotes the run after a confirmation', async () => {
    const fetch = api();
    renderPage(fetch);
    await userEvent.click(await screen.findByTestId('promote-backtest'));
    await userEvent.click(screen.getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'POST' && c.url.endsWith('/backtests/9/promote/'))).toBe(true));
  });

  it('promotes the run into a new draft profile', async () => {
    const fetch = api();
    renderPage(fetch);
    await userEvent.click(await screen.findByTestId('promote-backtest-draft'));
    expect(await screen.findByText("The draft Draft trend (backtest #9) is made with the run's settings.")).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'POST' && c.url.endsWith('/backtests/9/promote-draft/'))).toBe(true);
  });

  it('offers no promote without write on the profile settings, and no trades at Limited without the trades field', async () => {
    const user = makeUser({ profile_settings: 'ReadOnly', profiles: 'ReadOnly', backtests: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'backtests' ? { ...p, fields: ['profile', 'status', 'figures', 'inputs'] } : p));
    const fetch = api();
    renderPage(fetch, user);
    await screen.findByTestId('backtest-figures');
    expect(screen.queryByTestId('promote-backtest')).toBeNull();
    expect(screen.queryByTestId('promote-backtest-draft')).toBeNull();
    expect(screen.queryByTestId('backtest-trades')).toBeNull();
    expect(fetch.calls.some((c) => c.url.includes('/trades/') || c.url.includes('/equity/'))).toBe(false);
  });
});
