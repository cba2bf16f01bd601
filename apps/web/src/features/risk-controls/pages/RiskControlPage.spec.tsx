import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RISK_CONTROL_UI, RISK_TRIGGER_RESOURCE, type RiskTrigger } from '@console/contracts';
import { fakeFetch, makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { RiskControlPage } from './RiskControlPage';

const trigger: RiskTrigger = {
  id: 3,
  trigger_name: 'NAV guard',
  trigger_type: 'nav_reducing',
  trigger_blocker: 12.5,
  trigger_blocker_opp_dir_sp: null,
  trigger_blocker_opp_dir_atr: null,
  trigger_blocker_active_profile: [],
  trigger_unblocker: null,
  group_profiles: [5],
  account: null,
  alert: false,
  rules: 'Stop new signals',
  timer: 30,
  position_reduce: 50,
  x_percent_depo: 10,
  y_percent_depo: 20,
  is_active: true,
  is_show: true,
};

const triggersApi = () =>
  fakeFetch((_method, path) => {
    if (path.startsWith('/strategies/risk-controls/groups/')) return [200, { count: 1, next: null, previous: null, results: [{ id: 5, title: 'Alpha' }] }];
    return [200, { count: 1, next: null, previous: null, results: [trigger] }];
  });

describe('RiskControlPage', () => {
  it('takes its headers from the declaration, then the row menu; values show as stored, empty ones as -', async () => {
    renderWithApp(<RiskControlPage />, { api: makeApi(signedInState(makeUser()), triggersApi()), path: '/signals-and-orders/risk-control-service' });
    await screen.findByRole('button', { name: /, Group of NAV guard$/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([...RISK_TRIGGER_RESOURCE.columns.map((c) => c.header), RISK_CONTROL_UI.actionColumn]);
    expect(headers).toEqual(['#', 'Name of Trigger', 'Trigger(event) blocker', 'Trigger-Unblocker', 'Risk control rules', 'Timer(min)', 'Alert', 'Group', 'Active', 'Visibility', 'Action']);
    const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual(['3', 'NAV guard', '12.5', '-', 'Stop new signals; Reduce 50% (X 10%, Y 20%)', '30']);
    // The group names its profiles once their titles are read.
    await waitFor(() => expect(screen.getByRole('button', { name: /, Group of NAV guard$/ })).toHaveTextContent('Alpha'));
  });
});
