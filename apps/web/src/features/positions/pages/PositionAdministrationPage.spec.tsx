import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, POSITION_RESOURCE, projectRow, type CurrentUser, type Perm } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { PositionAdministrationPage } from './PositionAdministrationPage';

/** Two open positions whose ids are not their signals' ids: position 7 is signal 42's, position 42 is signal 90's. */
const position = (id: string, signalId: string, ticker: string) => ({
  id,
  signal_id: signalId,
  ticker,
  created_at: '2026-11-22T10:15:30Z',
  side: 'long',
  state: 'open',
  action_state: 'NONE',
  active_p_coins: 2,
  skip_check_by_timer: false,
  skip_check_by_distance: false,
  profile_list: [],
});
const ROWS = [position('7', '42', 'BTCUSDT'), position('42', '90', 'ETHUSDT')];
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

function positionsApi(perm?: Perm) {
  return fakeFetch((method, path) => {
    if (method === 'GET' && path.startsWith('/position-administration/account-info/')) return [200, []];
    if (method === 'GET' && path.startsWith('/position-administration/')) return [200, page(perm ? ROWS.map((row) => projectRow(perm, row)) : ROWS)];
    if (method !== 'GET') return [202, { id: '1', status: 'pending', action_state: 'CLOSING' }];
    return [404, { detail: 'Not found.' }];
  });
}

function limitedUser(fields: string[]): { user: CurrentUser; perm: Perm } {
  const user = makeUser({ APA: 'Limited' });
  user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'APA' ? { ...p, fields } : p));
  return { user, perm: user.group!.perms.find((p) => p.section_name === 'APA')! };
}

async function act(ticker: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions of ${ticker}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

const writes = (api: ReturnType<typeof fakeFetch>) => api.calls.filter((c) => c.method !== 'GET');

describe('position administration actions', () => {
  it('the closes address the position’s signal, its own actions the position; each click with a key of its own', async () => {
    const api = positionsApi();
    renderWithApp(<PositionAdministrationPage />, { api: makeApi(signedInState(makeUser()), api), path: '/signals-and-orders/administration' });

    await act('BTCUSDT', 'Close market');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));

    await act('BTCUSDT', 'Best limit');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(writes(api)).toHaveLength(2));

    await act('BTCUSDT', 'Close limit');
    const limit = await screen.findByRole('dialog');
    await userEvent.type(within(limit).getByLabelText('Coefficient'), '0.5');
    await userEvent.click(within(limit).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(writes(api)).toHaveLength(3));

    await act('BTCUSDT', 'Reduce');
    const reduce = await screen.findByRole('dialog');
    await userEvent.type(within(reduce).getByLabelText('Percent(%) of reducing'), '25');
    await userEvent.click(within(reduce).getByRole('button', { name: 'Reduce' }));
    await waitFor(() => expect(writes(api)).toHaveLength(4));

    await act('BTCUSDT', 'Recover k-exit');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Recover' }));
    await waitFor(() => expect(writes(api)).toHaveLength(5));

    await userEvent.click(screen.getByRole('switch', { name: 'Skip check by timer of BTCUSDT' }));
    await waitFor(() => expect(writes(api)).toHaveLength(6));

    expect(writes(api).map((c) => `${c.method} ${c.url.replace(/^\/api\/v2/, '')}`)).toEqual([
      'POST /signals/position/42/close-market/',
      'POST /signals/positions/42/close-best-limit/',
      'POST /signals/position/42/close-limit/',
      'POST /position-administration/7/reduce-position/',
      'POST /position-administration/7/recovery-k-exit/',
      'PUT /position-administration/7/skip-check-k-exit/',
    ]);
    const keys = writes(api).map((c) => c.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the bulk actions send the signals’ ids', async () => {
    const api = positionsApi();
    renderWithApp(<PositionAdministrationPage />, { api: makeApi(signedInState(makeUser()), api), path: '/signals-and-orders/administration' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Pick BTCUSDT' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick ETHUSDT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close market picked (2)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0]).toMatchObject({ url: '/api/v2/signals/positions/bulk-close-market/', body: { signals_ids: [42, 90] } });
    expect(writes(api)[0].headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a Limited group, which sees only its fields, still closes through the signal', async () => {
    const { user, perm } = limitedUser(['ticker', 'close_market']);
    expect(projectRow(perm, ROWS[0])).toEqual({ id: '7', signal_id: '42', ticker: 'BTCUSDT' });
    const api = positionsApi(perm);
    renderWithApp(<PositionAdministrationPage />, { api: makeApi(signedInState(user), api), path: '/signals-and-orders/administration' });
    await act('BTCUSDT', 'Close market');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(writes(api)).toHaveLength(1));
    expect(writes(api)[0].url).toBe('/api/v2/signals/position/42/close-market/');
  });

  it('takes its headers from the declaration: the pick box after the ticker, the action state hidden at Limited', async () => {
    renderWithApp(<PositionAdministrationPage />, { api: makeApi(signedInState(makeUser()), positionsApi()), path: '/signals-and-orders/administration' });
    await screen.findByRole('checkbox', { name: 'Pick BTCUSDT' });
    const [ticker, ...rest] = POSITION_RESOURCE.columns.map((c) => c.header);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([ticker, 'Pick', ...rest, 'Logs', 'Action']);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect([cells[0], cells[6], cells[19]]).toEqual(['BTCUSDT', '2.0000', 'open']);
  });

  it('shows a Limited group its fields only, a lost position\'s state as lost', async () => {
    const { user, perm } = limitedUser(['ticker', 'state', 'k_e_recovery']);
    const lost = { ...position('8', '', 'XRPUSDT'), signal_id: null, state: null, k_e_recovery: true };
    const api = fakeFetch((method, path) => {
      if (path.startsWith('/position-administration/account-info/')) return [200, []];
      return [200, page([projectRow(perm, lost)])];
    });
    renderWithApp(<PositionAdministrationPage />, { api: makeApi(signedInState(user), api), path: '/signals-and-orders/administration' });
    await screen.findByRole('checkbox', { name: 'Pick XRPUSDT' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ticker', 'Pick', 'K-E recovery', 'State', 'Logs', 'Action']);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['XRPUSDT', '', 'Yes', 'lost']);
  });
});
