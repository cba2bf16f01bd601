import { API_PATHS } from '@console/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { PositionAdministrationPage } from './PositionAdministrationPage';

const POSITION = { id: '41', signal_id: '41', ticker: 'BTCUSDT', state: 'active_pp', skip_check_by_timer: false, skip_check_by_distance: false };
const REFUSAL = { detail: 'The engine is busy.' };

/** One open position; every position action is refused. */
const server = () =>
  fakeFetch((method, path) => {
    if (method === 'GET' && path.startsWith(API_PATHS.accountInfo)) return [200, []];
    if (method === 'GET' && path.startsWith(API_PATHS.positions)) return [200, { count: 1, next: null, previous: null, results: [POSITION] }];
    return [400, REFUSAL];
  });

describe('position administration failures', () => {
  afterEach(() => vi.restoreAllMocks());

  it('only logs a refused skip check: no toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = server();
    renderWithApp(<PositionAdministrationPage />, { api: makeApi(signedInState(makeUser()), fetch), path: '/signals-and-orders/administration' });
    const skip = await screen.findByLabelText('Skip check by timer of BTCUSDT');
    await act(async () => skip.click());
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'PUT' && call.url.includes(API_PATHS.skipCheckKExit('41')))).toBe(true));
    await waitFor(() => expect(logged).toHaveBeenCalledWith(expect.any(String), REFUSAL.detail));
    expect(screen.queryByText(REFUSAL.detail)).not.toBeInTheDocument();
  });
});
