/**
 * The SPA's routes, side menu and tab bars, with the sections behind each.
 * The menu, tabs, redirect pages and route guards all read these through the functions below.
 */
import { allowingRight, mayWriteFields, type ActionName } from './actions';
import { MM_PROFILE_FORM_FIELDS } from './mm-profiles';
import { canRead, canWrite, permOf, PermHolder } from './perms';
import { SectionName } from './sections';

export const PATHS = {
  login: '/login',
  root: '/',
  strategyProfiles: '/strategy-profiles',
  strategyProfilesStrategy: '/strategy-profiles/strategy',
  strategyProfilesTickers: '/strategy-profiles/tickers',
  strategyProfile: '/strategy-profiles/profile=:id',
  addStrategyProfile: '/strategy-profiles/add-strategy-profile',
  mmProfiles: '/mm-profiles',
  addMmProfile: '/mm-profiles/add-mm-profile',
  mmProfile: '/mm-profiles/profile=:id',
  signalsAndOrders: '/signals-and-orders',
  signals: '/signals-and-orders/signals',
  orders: '/signals-and-orders/orders',
  administration: '/signals-and-orders/administration',
  riskControl: '/signals-and-orders/risk-control-service',
  stats: '/stats',
  strategyStats: '/stats/strategy-stats',
  accountStats: '/stats/account-stats',
  monthsStats: '/stats/months-stats',
  chartsStats: '/stats/charts-stats',
  backtests: '/backtests',
  backtestsCompare: '/backtests/compare',
  backtest: '/backtests/:id',
  notifications: '/notifications',
  logs: '/logs',
  systemSettings: '/system-settings',
  accountDetails: '/account-details',
  privileges: '/privileges',
  groups: '/privileges/groups',
  userManagement: '/privileges/user-management',
  privilegesAdd: '/privileges-add',
} as const;
export type PathKey = keyof typeof PATHS;

export function pathTo(key: PathKey, params: Record<string, string | number> = {}): string {
  return PATHS[key].replace(/:([a-zA-Z]+)/g, (_, name: string) => String(params[name] ?? ''));
}

export interface Tab {
  label: string;
  path: PathKey;
  section: SectionName;
}

/** Sub-tab bars, in the order the redirect pages try them. */
const TAB_BARS = {
  strategyProfiles: [
    { label: 'Strategy', path: 'strategyProfilesStrategy', section: 'profiles' },
    { label: 'Ticker', path: 'strategyProfilesTickers', section: 'tickers_configs' },
  ],
  signalsAndOrders: [
    { label: 'Signals', path: 'signals', section: 'signals' },
    { label: 'Orders', path: 'orders', section: 'orders' },
    { label: 'Administration', path: 'administration', section: 'APA' },
    { label: 'RCS', path: 'riskControl', section: 'risk_control' },
  ],
  stats: [
    { label: 'Strategy', path: 'strategyStats', section: 'profiles_stats' },
    { label: 'Account', path: 'accountStats', section: 'account_stats' },
    { label: 'By Months', path: 'monthsStats', section: 'stats_by_months' },
    { label: 'Charts', path: 'chartsStats', section: 'charts' },
  ],
  privileges: [
    { label: 'Privileges', path: 'groups', section: 'groups' },
    { label: 'Users', path: 'userManagement', section: 'users' },
  ],
} as const satisfies Record<string, readonly Tab[]>;
export type TabBar = keyof typeof TAB_BARS;

export function visibleTabs(holder: PermHolder | null | undefined, bar: TabBar): Tab[] {
  return (TAB_BARS[bar] as readonly Tab[]).filter((t) => canRead(holder, t.section));
}

/** The first permitted tab of a bar, or null when none is (the redirect pages then use the root route). */
export function firstAllowedTab(holder: PermHolder | null | undefined, bar: TabBar): PathKey | null {
  return visibleTabs(holder, bar)[0]?.path ?? null;
}

interface MenuEntry {
  label: string;
  path: PathKey;
  /** Hidden only when every section here is NP; empty means no privilege is needed. */
  sections: readonly SectionName[];
}

export const MENU_ENTRIES: readonly MenuEntry[] = [
  { label: 'Strategy profiles', path: 'strategyProfiles', sections: ['profiles', 'tickers_configs'] },
  { label: 'MM profiles', path: 'mmProfiles', sections: ['mm_profiles'] },
  { label: 'Signals & orders', path: 'signalsAndOrders', sections: ['signals', 'orders', 'APA', 'risk_control'] },
  { label: 'Strategy stats', path: 'stats', sections: ['profiles_stats', 'account_stats', 'stats_by_months', 'charts'] },
  { label: 'Backtests', path: 'backtests', sections: ['backtests'] },
  { label: 'Notifications', path: 'notifications', sections: ['notifications'] },
  { label: 'Logs', path: 'logs', sections: ['logs'] },
  { label: 'System Settings', path: 'systemSettings', sections: ['exchange_account', 'pairs', 'tg_bot', 'market_data'] },
  { label: 'Account Settings', path: 'accountDetails', sections: [] },
  { label: 'Privileges', path: 'privileges', sections: ['groups', 'users'] },
];

function anyReadable(holder: PermHolder | null | undefined, sections: readonly SectionName[]): boolean {
  return sections.length === 0 || sections.some((s) => canRead(holder, s));
}

export function visibleMenuEntries(holder: PermHolder | null | undefined): MenuEntry[] {
  return MENU_ENTRIES.filter((e) => anyReadable(holder, e.sections));
}

/** The tabs the screen of a menu entry shows (a bar is named after its entry); none for a screen without tabs. */
export function menuEntryTabs(holder: PermHolder | null | undefined, entry: PathKey): Tab[] {
  return entry in TAB_BARS ? visibleTabs(holder, entry as TabBar) : [];
}

/**
 * Where a menu entry leads: the first permitted tab of its bar, or its own route. The menu links there
 * directly, so a click on an entry with tabs is one navigation, not a stop on the redirect page
 * (which stays for typed and old links).
 */
export function menuEntryTarget(holder: PermHolder | null | undefined, entry: PathKey): PathKey {
  return menuEntryTabs(holder, entry)[0]?.path ?? entry;
}

/** The sections a route needs (any one of them); routes absent here need only a verified user. */
const ROUTE_SECTIONS: Partial<Record<PathKey, readonly SectionName[]>> = {
  strategyProfiles: ['profiles', 'tickers_configs'],
  strategyProfilesStrategy: ['profiles'],
  strategyProfilesTickers: ['tickers_configs'],
  strategyProfile: ['profile_settings'],
  addStrategyProfile: ['profiles'],
  mmProfiles: ['mm_profiles'],
  addMmProfile: ['mm_profiles'],
  mmProfile: ['mm_profiles'],
  signalsAndOrders: ['signals', 'orders', 'APA', 'risk_control'],
  signals: ['signals'],
  orders: ['orders'],
  administration: ['APA'],
  riskControl: ['risk_control'],
  stats: ['profiles_stats', 'account_stats', 'stats_by_months', 'charts'],
  strategyStats: ['profiles_stats'],
  accountStats: ['account_stats'],
  monthsStats: ['stats_by_months'],
  chartsStats: ['charts'],
  backtests: ['backtests'],
  backtestsCompare: ['backtests'],
  backtest: ['backtests'],
  notifications: ['notifications'],
  logs: ['logs'],
  systemSettings: ['exchange_account', 'pairs', 'tg_bot', 'market_data'],
  privileges: ['groups', 'users'],
  groups: ['groups'],
  userManagement: ['users'],
  privilegesAdd: ['groups'],
};

/**
 * What a route's calls need besides one readable section above, so that no screen opens that then
 * fails for lack of a privilege: sections it reads or writes, declared actions it runs, and (Limited)
 * fields its form sends, per section.
 */
interface RouteNeeds {
  read?: readonly SectionName[];
  write?: readonly SectionName[];
  actions?: readonly ActionName[];
  writesFields?: Partial<Record<SectionName, readonly string[]>>;
}

/** The wizard makes the draft (title, template, MM profile, ticker list) and finishes it (status). */
export const STRATEGY_WIZARD_FIELDS = ['title', 'template', 'mm_profile', 'tickers', 'status'] as const;

const MM_FORM: RouteNeeds = { read: ['exchange_account'], write: ['mm_profiles'], writesFields: { mm_profiles: MM_PROFILE_FORM_FIELDS } };

const ROUTE_NEEDS: Partial<Record<PathKey, RouteNeeds>> = {
  // The page loads the profile (profiles) and its settings (profile_settings).
  strategyProfile: { read: ['profiles'] },
  // The wizard creates or continues a draft, picks an MM profile and saves the settings document.
  addStrategyProfile: {
    read: ['mm_profiles'],
    write: ['profile_settings'],
    actions: ['addStrategyProfile'],
    writesFields: { profiles: STRATEGY_WIZARD_FIELDS },
  },
  // The form's account list comes from the exchange accounts.
  addMmProfile: MM_FORM,
  mmProfile: MM_FORM,
};

function needsMet(holder: PermHolder | null | undefined, needs: RouteNeeds | undefined): boolean {
  if (!needs) return true;
  return (
    (needs.read ?? []).every((section) => canRead(holder, section)) &&
    (needs.write ?? []).every((section) => canWrite(holder, section)) &&
    (needs.actions ?? []).every((action) => allowingRight(holder, action) !== null) &&
    Object.entries(needs.writesFields ?? {}).every(([section, fields]) => mayWriteFields(permOf(holder, section as SectionName), fields))
  );
}

export function canOpenRoute(holder: PermHolder | null | undefined, route: PathKey): boolean {
  return anyReadable(holder, ROUTE_SECTIONS[route] ?? []) && needsMet(holder, ROUTE_NEEDS[route]);
}

/** Root path: signals when allowed, otherwise account details. */
export function rootRedirect(holder: PermHolder | null | undefined): PathKey {
  return canRead(holder, 'signals') ? 'signals' : 'accountDetails';
}

/** A signed-in user opening /login: signals and orders if the profiles section is enabled, else account details. */
export function loginRedirect(holder: PermHolder | null | undefined): PathKey {
  return canRead(holder, 'profiles') ? 'signalsAndOrders' : 'accountDetails';
}
