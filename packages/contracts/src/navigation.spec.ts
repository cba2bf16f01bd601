import { describe, expect, it } from 'vitest';
import {
  canOpenRoute,
  firstAllowedTab,
  loginRedirect,
  menuEntryTabs,
  STRATEGY_WIZARD_FIELDS,
  pathTo,
  rootRedirect,
  visibleMenuEntries,
  visibleTabs,
} from './navigation';
import { MM_PROFILE_FORM_FIELDS } from './mm-profiles';
import { Perm } from './perms';

const only = (...entries: [Perm['section_name'], Perm['status']][]) => ({
  perms: entries.map(([section_name, status]) => ({ section_name, status })),
});

describe('menu', () => {
  it('gives the tabs of the screen an entry opens, and none for a screen without a bar', () => {
    expect(menuEntryTabs(only(['groups', 'Full'], ['users', 'ReadOnly']), 'privileges').map((t) => t.path)).toEqual(['groups', 'userManagement']);
    expect(menuEntryTabs(only(['users', 'Full']), 'privileges').map((t) => t.path)).toEqual(['userManagement']);
    expect(menuEntryTabs(only(['logs', 'Full']), 'logs')).toEqual([]);
  });
  it('hides an entry only when every section behind it is NP', () => {
    const labels = visibleMenuEntries(only(['orders', 'Limited'], ['logs', 'Limited'])).map((e) => e.label);
    expect(labels).toEqual(['Signals & orders', 'Logs', 'Account Settings']);
  });
  it('shows account settings to a group with nothing', () => {
    expect(visibleMenuEntries({ perms: [] }).map((e) => e.label)).toEqual(['Account Settings']);
  });
  it('shows Backtests from ReadOnly or Limited on its section and hides it at NP', () => {
    expect(visibleMenuEntries(only(['backtests', 'Limited'])).map((e) => e.label)).toEqual(['Backtests', 'Account Settings']);
    expect(visibleMenuEntries(only(['backtests', 'NP'], ['profiles', 'Full'])).map((e) => e.label)).not.toContain('Backtests');
    expect(canOpenRoute(only(['backtests', 'ReadOnly']), 'backtest')).toBe(true);
    expect(canOpenRoute(only(['backtests', 'NP']), 'backtestsCompare')).toBe(false);
  });
  it('shows system settings when any of its sections is open', () => {
    expect(visibleMenuEntries(only(['tg_bot', 'Full'])).map((e) => e.label)).toContain('System Settings');
  });
});

describe('tabs and redirects', () => {
  it('picks the first permitted tab', () => {
    expect(firstAllowedTab(only(['APA', 'Limited'], ['risk_control', 'Full']), 'signalsAndOrders')).toBe('administration');
    expect(firstAllowedTab(only(['users', 'Full']), 'privileges')).toBe('userManagement');
    expect(firstAllowedTab({ perms: [] }, 'stats')).toBeNull();
  });
  it('lists visible tabs in order', () => {
    expect(visibleTabs(only(['charts', 'Full'], ['profiles_stats', 'Limited']), 'stats').map((t) => t.label)).toEqual([
      'Strategy',
      'Charts',
    ]);
  });
  it('root goes to signals when allowed, else account details', () => {
    expect(rootRedirect(only(['signals', 'ReadOnly']))).toBe('signals');
    expect(rootRedirect(only(['orders', 'Full']))).toBe('accountDetails');
  });
  it('login goes to signals and orders when profiles is enabled', () => {
    expect(loginRedirect(only(['profiles', 'Limited']))).toBe('signalsAndOrders');
    expect(loginRedirect({ perms: [] })).toBe('accountDetails');
  });
});

describe('routes', () => {
  it('account details needs nothing; system settings needs any of its three sections', () => {
    expect(canOpenRoute({ perms: [] }, 'accountDetails')).toBe(true);
    expect(canOpenRoute({ perms: [] }, 'systemSettings')).toBe(false);
    expect(canOpenRoute(only(['pairs', 'ReadOnly']), 'systemSettings')).toBe(true);
  });
  it('a profile page needs profile settings and the profile itself', () => {
    expect(canOpenRoute(only(['profiles', 'Full']), 'strategyProfile')).toBe(false);
    expect(canOpenRoute(only(['profile_settings', 'ReadOnly']), 'strategyProfile')).toBe(false);
    expect(canOpenRoute(only(['profile_settings', 'ReadOnly'], ['profiles', 'ReadOnly']), 'strategyProfile')).toBe(true);
  });
  it('a form opens only for a group that can save it', () => {
    expect(canOpenRoute(only(['mm_profiles', 'ReadOnly'], ['exchange_account', 'Full']), 'addMmProfile')).toBe(false);
    expect(canOpenRoute(only(['mm_profiles', 'Full']), 'addMmProfile')).toBe(false);
    expect(canOpenRoute(only(['mm_profiles', 'Full'], ['exchange_account', 'ReadOnly']), 'mmProfile')).toBe(true);
    const limitedMm = (fields: string[]) => ({ perms: [{ section_name: 'mm_profiles' as const, status: 'Limited' as const, fields }, { section_name: 'exchange_account' as const, status: 'Full' as const }] });
    expect(canOpenRoute(limitedMm(['title', 'status']), 'addMmProfile')).toBe(false);
    expect(canOpenRoute(limitedMm([...MM_PROFILE_FORM_FIELDS]), 'addMmProfile')).toBe(true);
    const wizard = [['mm_profiles', 'ReadOnly'], ['profile_settings', 'Full']] as [Perm['section_name'], Perm['status']][];
    expect(canOpenRoute(only(['profiles', 'ReadOnly'], ...wizard), 'addStrategyProfile')).toBe(false);
    expect(canOpenRoute(only(['profiles', 'Full'], ['mm_profiles', 'ReadOnly'], ['profile_settings', 'ReadOnly']), 'addStrategyProfile')).toBe(false);
    expect(canOpenRoute(only(['profiles', 'Full'], ...wizard), 'addStrategyProfile')).toBe(true);
    const limitedProfiles = (fields: string[]) => ({ perms: [{ section_name: 'profiles' as const, status: 'Limited' as const, fields }, ...wizard.map(([section_name, status]) => ({ section_name, status }))] });
    expect(canOpenRoute(limitedProfiles([...STRATEGY_WIZARD_FIELDS]), 'addStrategyProfile')).toBe(false);
    expect(canOpenRoute(limitedProfiles(['add', ...STRATEGY_WIZARD_FIELDS]), 'addStrategyProfile')).toBe(true);
  });
  it('pathTo fills parameters', () => {
    expect(pathTo('strategyProfile', { id: 7 })).toBe('/strategy-profiles/profile=7');
  });
});
