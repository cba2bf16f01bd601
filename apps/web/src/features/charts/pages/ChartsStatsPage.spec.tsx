import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKET_DATA_PATHS, MARKET_DATA_UI, type CandleCoverageRow, type Level } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { ChartsStatsPage } from './ChartsStatsPage';

const COVERED: CandleCoverageRow = { exchange: 'binance', symbol: 'BTCUSDT', first_minute: '2024-01-01T00:00:00.000Z', last_minute: '2024-01-31T23:59:00.000Z', candles: 44_640, gaps: 0 };

/** The coverage as given, no bars in any range, no statistics. */
function chartsApi(coverage: CandleCoverageRow[]) {
  return fakeFetch((method, path) => {
    if (method === 'GET' && path === MARKET_DATA_PATHS.coverage) return [200, coverage];
    if (method === 'GET' && path.startsWith(MARKET_DATA_PATHS.candles)) return [200, []];
    return [404, { detail: 'Not found.' }];
  });
}

const renderAt = (marketData: Level, coverage: CandleCoverageRow[] = []) => {
  const api = chartsApi(coverage);
  renderWithApp(<ChartsStatsPage />, { api: makeApi(signedInState(makeUser({ market_data: marketData })), api) });
  return api;
};

describe('ChartsStatsPage chart switch', () => {
  it('offers no Candles chart without market_data, and asks for no candles', () => {
    const api = renderAt('NP');
    expect(screen.queryByTestId('chart-source')).not.toBeInTheDocument();
    expect(screen.getByTestId('chart-filters')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('/market-data/'))).toBe(false);
  });

  it('switches to Candles and back; an empty store says so', async () => {
    renderAt('ReadOnly');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: MARKET_DATA_UI.candlesSource }));
    expect(await screen.findByText(MARKET_DATA_UI.candlesNoCoverage)).toBeInTheDocument();
    expect(screen.queryByTestId('chart-filters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MARKET_DATA_UI.statisticsSource }));
    expect(screen.getByTestId('chart-filters')).toBeInTheDocument();
    expect(screen.queryByText(MARKET_DATA_UI.candlesNoCoverage)).not.toBeInTheDocument();
  });

  it('reads the first covered market at 5 minutes over its last stored day', async () => {
    const api = renderAt('ReadOnly', [COVERED, { ...COVERED, symbol: 'ETHUSDT' }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: MARKET_DATA_UI.candlesSource }));
    expect(await screen.findByText(MARKET_DATA_UI.candlesEmpty)).toBeInTheDocument();
    expect(screen.getByTestId('candles-market')).toHaveValue('binance:BTCUSDT');
    const read = new URL(api.calls.find((c) => c.url.includes(MARKET_DATA_PATHS.candles))!.url, 'http://x').searchParams;
    expect(Object.fromEntries(read)).toEqual({ exchange: 'binance', symbol: 'BTCUSDT', timeframe: '5m', from: '2024-01-30T23:59:00.000Z', to: '2024-01-31T23:59:00.000Z' });
  });
});
