import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_PATHS, SESSION_MESSAGES, SESSION_UI, SIGN_IN_OUTCOME_LABELS, type SignInAttempt, type UserSession } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { AccountSessions } from './AccountSessions';

const CURRENT: UserSession = {
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome',
  system: 'Linux',
  address: '203.0.113.7',
  signed_in_at: '2026-01-15T10:00:00Z',
  last_active_at: '2026-01-15T12:00:00Z',
  is_current: true,
};
const OTHER: UserSession = { ...CURRENT, id: '22222222-2222-4222-8222-222222222222', browser: 'Firefox', system: 'Windows', address: '198.51.100.20', is_current: false };

const attempt = (id: number, outcome: SignInAttempt['outcome']): SignInAttempt => ({ id: String(id), created_at: '2026-01-15T09:00:00Z', address: '198.51.100.20', browser: 'Firefox', system: 'Windows', outcome });

function renderBlocks() {
  let sessions = [CURRENT, OTHER];
  const api = fakeFetch((method, path) => {
    if (method === 'GET' && path === API_PATHS.ownSessions) return [200, { results: sessions }];
    if (method === 'GET' && path.startsWith(API_PATHS.ownSignInHistory)) {
      const page = new URL(path, 'http://x').searchParams.get('page');
      return page === '2'
        ? [200, { count: 11, next: null, previous: 'p1', results: [attempt(1, 'bot_check_failed')] }]
        : [200, { count: 11, next: 'p2', previous: null, results: [attempt(12, 'success'), attempt(11, 'wrong_code'), ...Array.from({ length: 8 }, (_, i) => attempt(10 - i, 'wrong_password'))] }];
    }
    if (method === 'DELETE' && path === API_PATHS.ownSession(OTHER.id)) {
      sessions = [CURRENT];
      return [200, { detail: SESSION_MESSAGES.sessionEnded, ended: 1 }];
    }
    if (method === 'POST' && path === API_PATHS.endOtherSessions) {
      sessions = [CURRENT];
      return [200, { detail: SESSION_MESSAGES.otherSessionsEnded, ended: 1 }];
    }
    return [404, {}];
  });
  renderWithApp(<AccountSessions />, { api: makeApi(signedInState(makeUser()), api), path: '/account-details' });
  return api;
}

describe('AccountSessions', () => {
  it('lists the sessions, marks this one and offers End only on the others', async () => {
    renderBlocks();
    const table = await screen.findByTestId('own-sessions');
    await within(table).findByText('198.51.100.20');
    expect(within(table).getByText(SESSION_UI.thisSession)).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: new RegExp(`^${SESSION_UI.endAction}`) })).toHaveLength(1);
  });

  it('ends another session after a confirmation and lists the sessions again', async () => {
    const api = renderBlocks();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: SESSION_UI.endActionFor('Firefox on Windows', '198.51.100.20') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SESSION_UI.endOneText('Firefox on Windows'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: SESSION_UI.end }));
    expect(await screen.findByText(SESSION_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`/api/v2${API_PATHS.ownSession(OTHER.id)}`]);
    await waitFor(() => expect(within(screen.getByTestId('own-sessions')).queryByText('198.51.100.20')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: SESSION_UI.endOthers })).toBeDisabled();
  });

  it('ends all other sessions', async () => {
    const api = renderBlocks();
    const user = userEvent.setup();
    await screen.findByText(SESSION_UI.thisSession);
    await user.click(screen.getByRole('button', { name: SESSION_UI.endOthers }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: SESSION_UI.endOthers }));
    expect(await screen.findByText(SESSION_MESSAGES.otherSessionsEnded)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url === `/api/v2${API_PATHS.endOtherSessions}`)).toBe(true);
  });

  it('shows the history with its outcomes and pages it on the server', async () => {
    const api = renderBlocks();
    const user = userEvent.setup();
    const history = await screen.findByTestId('own-sign-in-history');
    expect(await within(history).findByText(SIGN_IN_OUTCOME_LABELS.wrong_code)).toBeInTheDocument();
    expect(within(history).getAllByText(SIGN_IN_OUTCOME_LABELS.wrong_password)).toHaveLength(8);
    await user.click(within(history).getByRole('button', { name: /next page/i }));
    expect(await within(history).findByText(SIGN_IN_OUTCOME_LABELS.bot_check_failed)).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('sign-in-history') && c.url.includes('page=2'))).toBe(true);
  });
});
