import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MM_PROFILE_FORM_FIELDS, MM_PROFILE_UI, type Level, type SectionName } from '@console/contracts';
import { formatDateTime } from '../../../ui/format/date';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { MmProfilesPage } from './MmProfilesPage';

const row = { id: 4, title: 'Money', profiles: [], max_signals_amount: 2, max_factor_amount: 1, all_signals_quota: 100, one_signal_quota: 50, exchange_account: { id: 1, title: 'Acc' }, status: 'inactive', is_show: true, created_at: '2026-11-22T10:15:30Z' };
const api = () =>
  fakeFetch((_method, path) => {
    if (path.startsWith('/strategies/mm-profiles/')) return [200, { count: 1, next: null, previous: null, results: [row], summary: { sum_all_signals_quota: 100, sum_one_signal_quota: 50 } }];
    if (path.startsWith('/strategies/auto-change-deposit-mm-profiles/')) return [200, { is_auto_change_mm_depo_enabled: false, auto_change_mm_depo_percent: 0, ideo_r_long: 0 }];
    return [200, {}];
  });

/** A group at Limited on MM profiles with these fields, other sections as given (Full by default). */
function limitedUser(fields: readonly string[], levels: Partial<Record<SectionName, Level>> = {}) {
  const user = makeUser({ mm_profiles: 'Limited', ...levels });
  user.group!.perms = user.group!.perms.map((p) => (p.section_name === 'mm_profiles' ? { ...p, fields: [...fields] } : p));
  return user;
}

describe('MmProfilesPage table', () => {
  it('shows the declared columns in their formats, the quotas and their sums alike, then the visibility and the action', async () => {
    renderWithApp(<MmProfilesPage />, { api: makeApi(signedInState(makeUser()), api()), path: '/mm-profiles' });
    const table = await screen.findByTestId('mm-profiles-table');
    await within(table).findByRole('button', { name: 'Start' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Title', 'Strategy profiles', 'Max signals', 'Max factor', 'All signals quota', 'One signal quota', 'Exchange account', 'Status', 'Created', 'Visibility', 'Action',
    ]);
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(2, 9)).toEqual(['2', '1.00', '100.00', '50.00', 'Acc', 'inactive', formatDateTime(row.created_at)]);
    expect(screen.getByTestId('sum-all-signals-quota')).toHaveTextContent('All signals quota: 100.00');
    expect(screen.getByTestId('sum-one-signal-quota')).toHaveTextContent('One signal quota: 50.00');
  });
});

describe('MmProfilesPage controls follow what the API takes from the group', () => {
  it('at Limited with title and status only: Start, but no visibility switch, no Add, no edit link, no deposit buttons', async () => {
    renderWithApp(<MmProfilesPage />, { api: makeApi(signedInState(limitedUser(['title', 'status'])), api()), path: '/mm-profiles' });
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Money visible')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Money' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MM_PROFILE_UI.changeDeposit })).not.toBeInTheDocument();
  });

  it('with the visibility field but not status: the switch, no Start', async () => {
    renderWithApp(<MmProfilesPage />, { api: makeApi(signedInState(limitedUser(['title', 'is_show'])), api()), path: '/mm-profiles' });
    expect(await screen.findByLabelText('Money visible')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).not.toBeInTheDocument();
  });

  it('the form opens (Add, the title link) only with its fields and the exchange accounts its account list reads', async () => {
    const withForm = limitedUser([...MM_PROFILE_FORM_FIELDS, 'status']);
    renderWithApp(<MmProfilesPage />, { api: makeApi(signedInState(withForm), api()), path: '/mm-profiles' });
    expect(await screen.findByRole('link', { name: 'Money' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('a Full group without the exchange accounts gets no Add and no edit link', async () => {
    renderWithApp(<MmProfilesPage />, { api: makeApi(signedInState(makeUser({ exchange_account: 'NP' })), api()), path: '/mm-profiles' });
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Money' })).not.toBeInTheDocument();
  });
});
