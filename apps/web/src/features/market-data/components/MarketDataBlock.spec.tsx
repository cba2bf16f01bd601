import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MARKET_DATA_PATHS, MARKET_DATA_UI, type CandleCoverageRow, type CandleDownloadAnswer, type CandleImportAnswer } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { MarketDataBlock } from './MarketDataBlock';

const COVERED: CandleCoverageRow = { exchange: 'binance', symbol: 'BTCUSDT', first_minute: '2024-01-01T00:00:00.000Z', last_minute: '2024-01-31T23:59:00.000Z', candles: 44_639, gaps: 1 };
const task = (status: CandleImportAnswer['status'], progress: number): CandleImportAnswer => ({
  id: 'task-1',
  exchange: 'binance',
  symbol: 'ETHUSDT',
  status,
  progress,
  files: [{ name: 'ETHUSDT-1m-2024-01.zip', status: status === 'SUCCESS' ? 'DONE' : 'PENDING', rows: status === 'SUCCESS' ? 44_640 : 0, added: status === 'SUCCESS' ? 44_640 : 0, error: null }],
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: status === 'SUCCESS' ? '2026-01-01T00:00:05.000Z' : null,
});

/** The market data calls: the coverage (one row more once the import ended), the upload, then the task's states in turn. */
function marketDataApi(states: CandleImportAnswer[]) {
  let polls = 0;
  let ended = false;
  return fakeFetch((method, path) => {
    if (method === 'GET' && path === MARKET_DATA_PATHS.coverage) return [200, ended ? [COVERED, { ...COVERED, symbol: 'ETHUSDT', gaps: 0 }] : [COVERED]];
    if (method === 'POST' && path === MARKET_DATA_PATHS.imports) return [202, { id: 'task-1' }];
    if (method === 'GET' && path === MARKET_DATA_PATHS.importTask('task-1')) {
      const state = states[Math.min(polls++, states.length - 1)];
      ended = state.status === 'SUCCESS';
      return [200, state];
    }
    return [404, { detail: 'Not found.' }];
  });
}

describe('MarketDataBlock', () => {
  it('at ReadOnly shows the coverage only', async () => {
    renderWithApp(<MarketDataBlock writable={false} />, { api: makeApi(signedInState(makeUser({ market_data: 'ReadOnly' })), marketDataApi([])) });
    const table = await screen.findByTestId('candle-coverage');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('binanceBTCUSDT01.01.2024 00:00:0031.01.2024 23:59:0044639' + '1');
    expect(screen.queryByRole('button', { name: MARKET_DATA_UI.upload })).not.toBeInTheDocument();
    expect(screen.queryByText(MARKET_DATA_UI.chooseFiles)).not.toBeInTheDocument();
  });

  it('uploads the chosen files as one multipart import, shows its progress, then its files and the new coverage', async () => {
    const api = marketDataApi([task('STARTED', 40), task('SUCCESS', 100)]);
    renderWithApp(<MarketDataBlock writable />, { api: makeApi(signedInState(makeUser({ market_data: 'Full' })), api) });
    const user = userEvent.setup();
    const form = within(screen.getByRole('form', { name: MARKET_DATA_UI.importTitle }));
    await user.type(form.getByLabelText(MARKET_DATA_UI.symbol), 'ethusdt');
    expect(form.getByLabelText(MARKET_DATA_UI.symbol)).toHaveValue('ETHUSDT');
    expect(screen.getByRole('button', { name: MARKET_DATA_UI.upload })).toBeDisabled();
    await user.upload(screen.getByTestId('candle-files'), [new File(['1704067200000,1,2,0.5,1.5,3'], 'ETHUSDT-1m-2024-01.zip')]);
    await user.click(screen.getByRole('button', { name: MARKET_DATA_UI.upload }));

    const upload = api.calls.find((c) => c.method === 'POST')!;
    expect(upload.url).toBe(`/api/v2${MARKET_DATA_PATHS.imports}`);
    // fetch writes a form's multipart Content-Type itself; the client must not claim JSON.
    expect(upload.headers['Content-Type']).toBeUndefined();
    expect(await screen.findByRole('progressbar', { name: MARKET_DATA_UI.importing(40) }, { timeout: 3000 })).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByText(MARKET_DATA_UI.finished, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(`ETHUSDT-1m-2024-01.zip: ${MARKET_DATA_UI.rowsAdded(44_640, 44_640)}`)).toBeInTheDocument();
    expect(await within(screen.getByTestId('candle-coverage')).findByText('ETHUSDT')).toBeInTheDocument();
  });

  it('asks for a download of a UTC range, shows its progress and a retry’s reason, then how many minutes it added', async () => {
    const state = (status: CandleDownloadAnswer['status'], progress: number, attempts: number, error: string | null, added = 0): CandleDownloadAnswer => ({
      id: 'download-1', exchange: 'binance', symbol: 'ETHUSDT', from: '2024-01-01T00:00:00.000Z', to: '2024-01-02T00:00:00.000Z',
      status, progress, added, attempts, error, created_at: '2026-01-01T00:00:00.000Z', finished_at: status === 'SUCCESS' ? '2026-01-01T00:01:00.000Z' : null,
    });
    const states = [state('STARTED', 40, 1, 'binance {"code":-1008,"msg":"Server is currently overloaded"}'), state('SUCCESS', 100, 1, null, 1440)];
    let polls = 0;
    const api = fakeFetch((method, path) => {
      if (method === 'GET' && path === MARKET_DATA_PATHS.coverage) return [200, [COVERED]];
      if (method === 'POST' && path === MARKET_DATA_PATHS.downloads) return [202, { id: 'download-1' }];
      if (method === 'GET' && path === MARKET_DATA_PATHS.downloadTask('download-1')) return [200, states[Math.min(polls++, states.length - 1)]];
      return [404, { detail: 'Not found.' }];
    });
    renderWithApp(<MarketDataBlock writable />, { api: makeApi(signedInState(makeUser({ market_data: 'Full' })), api) });
    const user = userEvent.setup();
    const form = within(screen.getByRole('form', { name: MARKET_DATA_UI.downloadTitle }));
    await user.type(form.getByLabelText(MARKET_DATA_UI.symbol), 'ethusdt');
    await user.type(form.getByLabelText(MARKET_DATA_UI.downloadFrom), '2024-01-01T00:00');
    await user.type(form.getByLabelText(MARKET_DATA_UI.downloadTo), '2024-01-02T00:00');
    await user.click(form.getByRole('button', { name: MARKET_DATA_UI.download }));

    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ exchange: 'binance', symbol: 'ETHUSDT', from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z' });
    expect(await screen.findByRole('progressbar', { name: MARKET_DATA_UI.downloading(40) }, { timeout: 3000 })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText(MARKET_DATA_UI.downloadRetrying(1, states[0].error!))).toBeInTheDocument();
    expect(await screen.findByText(MARKET_DATA_UI.downloadFinished(1440), {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
