import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { BacktestsPage } from './BacktestsPage';
import { BacktestsComparePage } from './BacktestsComparePage';

const run = (id: string, extra: object = {}) => ({
  id,
  profile_id: 3,
  profile: `Profile ${id}`,
  market: 'model',
  date_from: '2026-01-01T00:00:00Z',
  date_until: '2026-02-01T00:00:00Z',
  status: 'SUCCESS',
  progress: 100,
  total_return_percent: 12.5,
  max_drawdown_percent: 3.25,
  trade_count: 40,
  created_by: 'operator@example.com',
  created_at: '2026-03-01T10:00:00Z',
  ...extra,
});
const page = (results: object[]) => ({ count: results.length, next: null, previous: null, results });

describe('BacktestsPage', () => {
  it('shows the runs with a progress bar on a running one, and cancels it', async () => {
    let status = 'RUNNING';
    const api = fakeFetch((method, path) => {
      if (method === 'POST' && path === '/backtests/2/cancel/') {
        status = 'CANCELLED';
        return [200, run('2', { status })];
      }
      return [200, page([run('2', { status, progress: 40, total_return_percent: null }), run('1')])];
    });
    renderWithApp(<BacktestsPage />, { api: makeApi(signedInState(makeUser()), api), path: '/backtests' });
    const table = await screen.findByTestId('backtests-table');
    expect(await within(table).findByRole('progressbar', { name: 'Running: 40%' })).toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Compare', 'Profile', 'Market', 'From', 'Until', 'Status', 'Total return', 'Max drawdown', 'Trades', 'Created by', 'Created', 'Actions']);
    expect(within(table).getByRole('link', { name: 'Profile 1' })).toHaveAttribute('href', '/backtests/1');
    await userEvent.click(screen.getByTestId('cancel-2'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/backtests/2/cancel/'))).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('cancel-2')).toBeNull());
  });

  it('gives a Limited group only the columns it opens', async () => {
    const user = makeUser({ backtests: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'backtests' ? { ...p, fields: ['profile', 'total_return_percent'] } : p));
    const api = fakeFetch(() => [200, page([{ id: '1', profile: 'Profile 1', total_return_percent: 12.5 }])]);
    renderWithApp(<BacktestsPage />, { api: makeApi(signedInState(user), api), path: '/backtests' });
    const table = await screen.findByTestId('backtests-table');
    await within(table).findByRole('link', { name: 'Profile 1' });
    // Limited writes too (the API lets it start, cancel and delete runs).
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Compare', 'Profile', 'Total return', 'Actions']);
  });

  it('gives a ReadOnly group no New, Cancel or Delete', async () => {
    const api = fakeFetch(() => [200, page([run('1', { status: 'RUNNING', progress: 5 })])]);
    renderWithApp(<BacktestsPage />, { api: makeApi(signedInState(makeUser({ backtests: 'ReadOnly' })), api), path: '/backtests' });
    await screen.findByRole('link', { name: 'Profile 1' });
    expect(screen.queryByTestId('new-backtest')).toBeNull();
    expect(screen.queryByTestId('cancel-1')).toBeNull();
    expect(screen.queryByTestId('delete-1')).toBeNull();
  });

  it('sends the New backtest form and shows the API refusal in it', async () => {
    const api = fakeFetch((method, path) => {
      if (path.startsWith('/strategies/profiles/for-filters/')) return [200, page([{ id: 3, title: 'Draft breakout' }])];
      if (method === 'POST' && path === '/backtests/') return [400, { date_until: ['The period must end by now.'] }];
      return [200, page([])];
    });
    renderWithApp(<BacktestsPage />, { api: makeApi(signedInState(makeUser()), api), path: '/backtests' });
    await userEvent.click(await screen.findByTestId('new-backtest'));
    await userEvent.click(screen.getByLabelText('Strategy profile'));
    await userEvent.click(await screen.findByRole('option', { name: 'Draft breakout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByTestId('backtest-form-error')).toHaveTextContent('The period must end by now.');
    const sent = api.calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ profile_id: 3, market: 'model', seed: 1, deposit: '10000' });
    expect(sent).not.toHaveProperty('pairs');
    expect(sent).not.toHaveProperty('fee_rate');
  });

  it('shows on the store market what the store holds of the profile’s pairs on its account’s exchange, and nothing to a group without market data', async () => {
    const coverage = [
      { exchange: 'binance', symbol: 'BTCUSDT', first_minute: '2024-01-01T00:00:00Z', last_minute: '2024-03-31T23:59:00Z', candles: 131040, gaps: 2 },
      { exchange: 'bybit', symbol: 'BTCUSDT', first_minute: '2023-01-01T00:00:00Z', last_minute: '2023-12-31T23:59:00Z', candles: 525600, gaps: 0 },
    ];
    const api = () =>
      fakeFetch((_method, path) => {
        if (path.startsWith('/strategies/profiles/for-filters/')) return [200, page([{ id: 3, title: 'Draft breakout' }])];
        if (path === '/strategies/profiles/3/') return [200, { id: 3, title: 'Draft breakout', exchange_account: { id: 5, title: 'Desk' }, pairs: ['BTCUSDT', 'ETHUSDT'] }];
        if (path.startsWith('/strategies/exchange-accounts/')) return [200, page([{ id: 5, title: 'Desk', exchange: 'binance' }])];
        if (path === '/market-data/coverage/') return [200, coverage];
        return [200, page([])];
      });
    const openStoreForm = async (user = makeUser()) => {
      const fetch = api();
      const view = renderWithApp(<BacktestsPage />, { api: makeApi(signedInState(user), fetch), path: '/backtests' });
      await userEvent.click(await screen.findByTestId('new-backtest'));
      await userEvent.click(screen.getByLabelText('Strategy profile'));
      await userEvent.click(await screen.findByRole('option', { name: 'Draft breakout' }));
      await userEvent.click(screen.getByLabelText('Market'));
      await userEvent.click(await screen.findByRole('option', { name: 'store' }));
      return { fetch, view };
    };

    const first = await openStoreForm();
    const block = await screen.findByTestId('backtest-coverage');
    await waitFor(() => expect(within(block).getAllByTestId('backtest-coverage-line').map((l) => l.textContent)).toEqual([
      'BTCUSDT: 01.01.2024 00:00:00 – 31.03.2024 23:59:00, 2 gaps',
      'ETHUSDT: no stored candles on binance',
    ]));
    expect(block).toHaveTextContent('Stored candles on binance');
    first.view.unmount();

    const second = await openStoreForm(makeUser({ market_data: 'NP' }));
    expect(screen.queryByTestId('backtest-coverage')).toBeNull();
    expect(second.fetch.calls.some((c) => c.url.includes('/market-data/'))).toBe(false);
  });

  it('opens the compare view with the picked runs', async () => {
    const api = fakeFetch(() => [200, page([run('2'), run('1')])]);
    renderWithApp(<BacktestsPage />, { api: makeApi(signedInState(makeUser()), api), path: '/backtests' });
    const compare = await screen.findByTestId('compare-runs');
    expect(compare).toBeDisabled();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Compare run 2' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare run 1' }));
    expect(compare).toBeEnabled();
  });
});

describe('BacktestsComparePage', () => {
  it('puts the runs figures side by side', async () => {
    const figures = (total: number) => ({ total_return_percent: total, trade_count: 4, fees_paid: '1.5', sharpe: null });
    const api = fakeFetch((_m, path) => {
      const id = /\/backtests\/(\d+)\/$/.exec(path)?.[1];
      if (id) return [200, { ...run(id), inputs: { deposit: '1000', pairs: [1], market: 'model', seed: 1, settings: {} }, figures: figures(Number(id) * 10) }];
      return [200, []];
    });
    renderWithApp(<BacktestsComparePage />, { api: makeApi(signedInState(makeUser()), api), path: '/backtests/compare?ids=1,2,x,1' });
    const table = await screen.findByTestId('compare-figures');
    await waitFor(() => expect(within(table).getByRole('row', { name: /Total return/ })).toHaveTextContent('Total return10.00%20.00%'));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Figure', '#1 Profile 1', '#2 Profile 2']);
    expect(within(table).getByRole('row', { name: /Sharpe/ })).toHaveTextContent('Sharpe--');
  });
});
