import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { figureHint, STATS_FIGURES, STATS_UI } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { ProfileStats } from './ProfileStats';

const ROW = { id: 5, profile_id: 5, profile_title: 'Scalper', total: -28.4, w_percent: 66.667, qty_total: 3, turnover: 12345.6, sharpe: 0.14 };

describe('ProfileStats', () => {
  it('asks for one profile and shows its figures in the spec’s formats', async () => {
    const fetch = fakeFetch((_method, path) => (path.startsWith('/strategies/profiles-stats/') ? [200, { count: 1, next: null, previous: null, results: [ROW] }] : [404, {}]));
    renderWithApp(<ProfileStats profileId={5} />, { api: makeApi(signedInState(makeUser()), fetch) });
    expect(await screen.findByText('-$28.40')).toBeInTheDocument();
    expect(screen.getByText('66.67%')).toBeInTheDocument();
    expect(screen.getByText('$12,346')).toBeInTheDocument();
    expect(screen.getByText('Res-$')).toBeInTheDocument();
    expect(fetch.calls[0].url).toContain('profile_id__in=5');
  });

  it('tells each figure’s formula and basis on its label: Res-% is a sum of trade returns on the closed trades', async () => {
    const fetch = fakeFetch(() => [200, { count: 1, next: null, previous: null, results: [{ ...ROW, total_percent: -24.31 }] }]);
    renderWithApp(<ProfileStats profileId={5} />, { api: makeApi(signedInState(makeUser()), fetch) });
    await userEvent.setup().hover(await screen.findByText('Res-%'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(figureHint(STATS_FIGURES.total_percent));
    expect(tooltip).toHaveTextContent(/Closed-trade basis/);
  });

  it('says so when the profile has no statistics', async () => {
    const empty = fakeFetch(() => [200, { count: 0, next: null, previous: null, results: [] }]);
    renderWithApp(<ProfileStats profileId={9} />, { api: makeApi(signedInState(makeUser()), empty) });
    expect(await screen.findByText(STATS_UI.strategyEmpty)).toBeInTheDocument();
  });

  it('at Limited shows only the group’s fields', async () => {
    const user = makeUser({ profiles_stats: 'Limited' });
    user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'profiles_stats' ? { ...p, fields: ['total'] } : p));
    const fetch = fakeFetch(() => [200, { count: 1, next: null, previous: null, results: [{ id: 5, total: 10 }] }]);
    renderWithApp(<ProfileStats profileId={5} />, { api: makeApi(signedInState(user), fetch) });
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    expect(screen.queryByText('W%')).not.toBeInTheDocument();
  });
});
