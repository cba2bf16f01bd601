import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TICKER_CONFIG_UI, type TickerConfig } from '@console/contracts';
import { formatDate } from '../../../ui/format/date';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { TickerConfigsPage } from './TickerConfigsPage';

const config: TickerConfig = {
  id: 3,
  title: 'Majors',
  status: 'inactive',
  pairs: [1, 2],
  tickers: ['BTCUSDT', 'ETHUSDT'],
  created_at: '2026-11-22T10:15:30Z',
  updated_at: '2026-11-23T08:05:00Z',
};

const api = () =>
  fakeFetch((_method, path) =>
    path.startsWith('/strategies/tickers-configs/') ? [200, { count: 1, next: null, previous: null, results: [config] }] : [200, { count: 0, next: null, previous: null, results: [] }],
  );

describe('TickerConfigsPage', () => {
  it('shows the declared columns, Created and Updated sortable and written as the list writes dates, then the row actions', async () => {
    renderWithApp(<TickerConfigsPage />, { api: makeApi(signedInState(makeUser()), api()), path: '/strategy-profiles/tickers' });
    const table = await screen.findByTestId('ticker-configs-table');
    await within(table).findByRole('button', { name: 'Activate' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Config Name', 'Tickers List', 'Status', 'Created', 'Updated', 'Removal', 'Save']);
    // Sortable headers are buttons: exactly the two the list's orderings read.
    expect(headers.filter((h) => within(h).queryByRole('button')).map((h) => h.textContent)).toEqual(['Created', 'Updated']);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(3, 5)).toEqual([formatDate(config.created_at, TICKER_CONFIG_UI.dateFormat), formatDate(config.updated_at, TICKER_CONFIG_UI.dateFormat)]);
  });

  it('at ReadOnly shows the same columns as text, without the row actions', async () => {
    renderWithApp(<TickerConfigsPage />, { api: makeApi(signedInState(makeUser({ tickers_configs: 'ReadOnly' })), api()), path: '/strategy-profiles/tickers' });
    const table = await screen.findByTestId('ticker-configs-table');
    expect(await within(table).findByRole('cell', { name: 'Majors' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Config Name', 'Tickers List', 'Status', 'Created', 'Updated']);
    expect(within(table).queryByRole('button', { name: /Activate|Paste|Delete|Save/ })).not.toBeInTheDocument();
  });
});
