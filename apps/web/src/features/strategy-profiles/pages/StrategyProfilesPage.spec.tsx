import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrategyProfile } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { StrategyProfilesPage } from './StrategyProfilesPage';

const profile: StrategyProfile = {
  id: 9,
  title: 'Momentum',
  status: 'inactive',
  action_state: 'NONE',
  profile_direction: 'short',
  template: null,
  mm_profile: { id: 1, title: 'Core MM' },
  tickers: 2,
  ticker_configs_name: 'Majors',
  timeframe: '4h',
  exchange_account: { id: 5, title: 'Desk' },
  pairs: ['BTCUSDT'],
  is_show: true,
  created_at: '2026-11-22T10:15:30Z',
};

const api = () => fakeFetch((_method, path) => (path.startsWith('/strategies/profiles/') ? [200, { count: 1, next: null, previous: null, results: [profile] }] : [404, {}]));

/** A group at Limited on strategy profiles with these fields. */
function limitedUser(fields: readonly string[]) {
  const user = makeUser({ profiles: 'Limited' });
  user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'profiles' ? { ...p, fields: [...fields] } : p));
  return user;
}

const headers = () => within(screen.getByTestId('strategy-profiles-table')).getAllByRole('columnheader');

describe('StrategyProfilesPage', () => {
  it('shows the declared columns, the direction by its label and sortable, then the visibility and the action', async () => {
    renderWithApp(<StrategyProfilesPage />, { api: makeApi(signedInState(makeUser()), api()), path: '/strategy-profiles/strategy' });
    expect(await screen.findByRole('link', { name: 'Momentum' })).toBeInTheDocument();
    expect(headers().map((h) => h.textContent)).toEqual(['Strategy profile', 'Exchange account', 'Signal direction', 'Time frame', 'Ticker list', 'MM profile', 'Status', 'Visibility', 'Action']);
    expect(headers().filter((h) => within(h).queryByRole('button')).map((h) => h.textContent)).toEqual(['Signal direction']);
    const cells = within(within(screen.getByTestId('strategy-profiles-table')).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(2, 4)).toEqual(['Short', '4h']);
  });

  it('at Limited shows only the group’s columns, in the declared order whatever the order of its fields', async () => {
    renderWithApp(<StrategyProfilesPage />, { api: makeApi(signedInState(limitedUser(['status', 'profile_direction', 'title'])), api()), path: '/strategy-profiles/strategy' });
    expect(await screen.findByRole('link', { name: 'Momentum' })).toBeInTheDocument();
    expect(headers().map((h) => h.textContent)).toEqual(['Strategy profile', 'Signal direction', 'Status', 'Action']);
  });
});
