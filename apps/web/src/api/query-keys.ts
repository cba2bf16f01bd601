/**
 * Every query key of the SPA, keyed by the API resource its rows belong to. A resource's `all` prefixes
 * each of its keys, so one invalidation of `all` reaches every list, row and picker of that resource:
 * what a write does after it succeeds, and what a "resource changed" event will do.
 * Keys are written here only; queries, invalidations and cache writes take them from here (ESLint refuses
 * a literal key anywhere else).
 */

import { RESOURCE_NAMES, type ResourceName } from '@console/contracts';

/** The API's resources: one list in contracts, which the live stream's events name too. */
export const RESOURCES = RESOURCE_NAMES;
export type Resource = ResourceName;

/** The prefix of every key of a resource. */
export type ResourceKey<R extends Resource = Resource> = readonly [R];

/** A list's filters, sort and page as its hook holds them: part of the key, so a change asks again. */
type Params = object;

/** A picker's list of options: the resource's key for it (see `pickerKeys`). */
export type OptionsKey = readonly [Resource, 'options'];

/** A resource's `all` and the keys built on it. */
function resource<R extends Resource, Keys>(name: R, keys: (all: ResourceKey<R>) => Keys): { all: ResourceKey<R> } & Keys {
  const all: ResourceKey<R> = [name];
  return { all, ...keys(all) };
}

/** What a searchable picker lists: the options of one resource, searched and paged. */
const options = <R extends Resource>(all: ResourceKey<R>) => () => [...all, 'options'] as const;

export const queryKeys = {
  signals: resource('signals', (all) => ({ list: (query: Params) => [...all, 'list', query] as const })),
  orders: resource('orders', (all) => ({ list: (query: Params) => [...all, 'list', query] as const })),
  positions: resource('positions', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    /** The exchange accounts' figures above the positions (`position-administration/account-info/`). */
    accountInfo: () => [...all, 'account-info'] as const,
  })),
  lostPositions: resource('lost-positions', (all) => ({ list: (query: Params) => [...all, 'list', query] as const })),
  strategyProfiles: resource('strategy-profiles', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    settings: (id: number) => [...all, 'settings', id] as const,
    alerts: (id: number) => [...all, 'alerts', id] as const,
    options: options(all),
  })),
  mmProfiles: resource('mm-profiles', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    depositInfo: () => [...all, 'deposit-info'] as const,
    autoDeposit: () => [...all, 'auto-deposit'] as const,
    options: options(all),
  })),
  tickerConfigs: resource('ticker-configs', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    /** Every ticker list by name (the strategy wizard's select). */
    names: () => [...all, 'names'] as const,
  })),
  riskControls: resource('risk-controls', (all) => ({
    list: (showHide: boolean, page: Params) => [...all, 'list', showHide, page] as const,
    /** The group picker's profiles (`risk-controls/groups/`), and the names of those on a page of triggers. */
    options: options(all),
    groupNames: (ids: readonly number[]) => [...all, 'group-names', ids] as const,
  })),
  profilesStats: resource('profiles-stats', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    /** One profile's row (its page's Statistics tab). */
    detail: (profileId: number) => [...all, 'detail', profileId] as const,
    options: options(all),
  })),
  accountStats: resource('account-stats', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    options: options(all),
  })),
  monthsStats: resource('months-stats', (all) => ({ view: (view: string, query: Params) => [...all, view, query] as const })),
  charts: resource('charts', (all) => ({ series: (request: Params | null) => [...all, 'series', request] as const })),
  marketData: resource('market-data', (all) => ({
    coverage: () => [...all, 'coverage'] as const,
    importTask: (id: string) => [...all, 'import', id] as const,
    downloadTask: (id: string) => [...all, 'download', id] as const,
    candles: (request: Params | null) => [...all, 'candles', request] as const,
  })),
  backtests: resource('backtests', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
    trades: (id: string, query: Params) => [...all, 'trades', id, query] as const,
    equity: (id: string) => [...all, 'equity', id] as const,
    candles: (id: string, pair: string, timeframe: string) => [...all, 'candles', id, pair, timeframe] as const,
  })),
  logs: resource('logs', (all) => ({
    list: (query: Params) => [...all, 'list', query] as const,
    filterOptions: (field: string, search: string) => [...all, 'filter-options', field, search] as const,
    filterOption: (field: string, id: number) => [...all, 'filter-option', field, id] as const,
  })),
  notifications: resource('notifications', (all) => ({ feed: () => [...all, 'feed'] as const })),
  users: resource('users', (all) => ({ list: () => [...all, 'list'] as const })),
  groups: resource('groups', (all) => ({
    list: () => [...all, 'list'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
    /** The groups a user may be put in (`users/users/group_options/`): a saved group changes them. */
    assignable: () => [...all, 'assignable'] as const,
  })),
  /** Live sessions and sign-in history, the signed-in user's own and a managed user's. */
  sessions: resource('sessions', (all) => ({
    own: () => [...all, 'own'] as const,
    ownSignIns: (query: Params) => [...all, 'own-sign-ins', query] as const,
    ofUser: (userId: number) => [...all, 'user', userId] as const,
    userSignIns: (userId: number, query: Params) => [...all, 'user-sign-ins', userId, query] as const,
  })),
  /** The signed-in user's own personal API tokens. */
  apiTokens: resource('api-tokens', (all) => ({ own: () => [...all, 'own'] as const })),
  /** The signed-in user's own alert channels and their delivery log. */
  alertChannels: resource('alert-channels', (all) => ({
    own: () => [...all, 'own'] as const,
    deliveries: () => [...all, 'deliveries'] as const,
    telegramLink: () => [...all, 'telegram-link'] as const,
  })),
  exchangeAccounts: resource('exchange-accounts', (all) => ({
    list: () => [...all, 'list'] as const,
    /** The accounts an MM profile may trade on, by name. */
    names: () => [...all, 'names'] as const,
  })),
  pairs: resource('pairs', (all) => ({
    list: () => [...all, 'list'] as const,
    /** The switched-on pairs (the ticker lists' choices). */
    active: () => [...all, 'active'] as const,
    options: options(all),
  })),
  botStatus: resource('bot-status', (all) => ({ detail: () => [...all, 'detail'] as const })),
  tgBotSettings: resource('tg-bot-settings', (all) => ({ detail: () => [...all, 'detail'] as const })),
  /** The SMTP server alerts are mailed through. */
  smtpSettings: resource('smtp-settings', (all) => ({ detail: () => [...all, 'detail'] as const })),
  investorReports: resource('investor-reports', (all) => ({
    settings: () => [...all, 'settings'] as const,
    schedules: () => [...all, 'schedules'] as const,
  })),
};

/** The prefix of every key of a resource, by its API name. */
export const resourceKey = <R extends Resource>(name: R): ResourceKey<R> => [name];

/** A picker's keys, under its options key: a page of a search, and the names of ids no loaded page holds. */
export const pickerKeys = {
  page: (list: OptionsKey, search: string) => [...list, 'page', search] as const,
  named: (list: OptionsKey, ids: readonly number[]) => [...list, 'named', ids] as const,
};
