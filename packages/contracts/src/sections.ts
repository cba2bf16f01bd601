/**
 * The privilege sections, with the levels each one may take
 * and, for sections configurable at Limited, the fields a group may open.
 */


export const LEVELS = ['Full', 'Limited', 'ReadOnly', 'NP'] as const;
export type Level = (typeof LEVELS)[number];

export const SECTIONS = [
  'bot_status',
  'exchange_account',
  'pairs',
  'tg_bot',
  'logs',
  'notifications',
  'signals',
  'signals_export',
  'APA',
  'orders',
  'profiles_stats',
  'profiles_stats_export',
  'mm_profiles',
  'profiles',
  'profile_settings',
  'groups',
  'risk_control',
  'tickers_configs',
  'users',
  'account_stats',
  'account_stats_export',
  'stats_by_months',
  'charts',
  'market_data',
  'backtests',
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** Names shown in the group form. */
export const SECTION_DISPLAY_NAMES: Record<SectionName, string> = {
  exchange_account: 'Exchange accounts',
  bot_status: 'Activation/Deactivation bot',
  groups: 'Privileges',
  users: 'Users',
  charts: 'Charts',
  logs: 'Logs',
  mm_profiles: 'MM Profiles',
  notifications: 'Notifications',
  orders: 'Orders',
  APA: 'APA',
  pairs: 'Pairs',
  profile_settings: 'S-profiles Settings',
  profiles: 'S-profiles',
  profiles_stats: 'S-Profiles stats',
  signals: 'Signals',
  tg_bot: 'TG Bot',
  risk_control: 'RCS',
  account_stats: 'Acc stats',
  stats_by_months: 'Stats by months',
  tickers_configs: 'Tickers Configs',
  signals_export: 'Signals export',
  profiles_stats_export: 'S-Profiles stats export',
  account_stats_export: 'Acc stats export',
  market_data: 'Market data',
  backtests: 'Backtests',
};

const FULL_NP_READONLY: readonly Level[] = ['Full', 'NP', 'ReadOnly'];
const FULL_NP: readonly Level[] = ['Full', 'NP'];
const FULL_NP_LIMITED: readonly Level[] = ['Full', 'NP', 'Limited'];
const ALL_LEVELS: readonly Level[] = ['Full', 'NP', 'Limited', 'ReadOnly'];

/** The levels a group may give each section. */
export const ALLOWED_LEVELS: Record<SectionName, readonly Level[]> = {
  exchange_account: FULL_NP_READONLY,
  pairs: FULL_NP_READONLY,
  profile_settings: FULL_NP_READONLY,
  tickers_configs: FULL_NP_READONLY,
  account_stats: FULL_NP_READONLY,
  bot_status: FULL_NP,
  groups: FULL_NP,
  users: FULL_NP,
  charts: FULL_NP,
  notifications: FULL_NP,
  tg_bot: FULL_NP,
  signals_export: FULL_NP,
  profiles_stats_export: FULL_NP,
  account_stats_export: FULL_NP,
  stats_by_months: FULL_NP,
  risk_control: FULL_NP,
  market_data: FULL_NP_READONLY,
  logs: FULL_NP_LIMITED,
  orders: FULL_NP_LIMITED,
  profiles_stats: FULL_NP_LIMITED,
  mm_profiles: ALL_LEVELS,
  profiles: ALL_LEVELS,
  signals: ALL_LEVELS,
  APA: ['Full', 'Limited', 'NP'],
  backtests: ALL_LEVELS,
};

/**
 * Fields a Limited group may open, per section with field-level configuration. Besides columns,
 * some entries are action gates: a Limited user may run the action only when its gate is among the
 * group's fields (which action needs which gate: ACTIONS in actions.ts).
 */
export const SECTION_FIELDS = {
  signals: [
    'created_at', 'profile', 'profile_id', 'timeframe', 'pair', 'direction', 'execution',
    'size_currency', 'size_coins', 'avg_e_price', 'exit_place', 'current_price', 'pnl_in_usd',
    'pnl_in_percent', 'tr_in_atr', 'inc_vola', 'atr_minus_1', 'atr_t_percent',
    'minute_activated_at', 'start_point', 'status', 'state', 'action_state', 'time_per_signal',
  ],
  orders: [
    'created_at', 'signal', 'profile', 'pair', 'direction', 'position_direction', 'price',
    'quantity', 'exchange_order_id', 'order_type', 'o_size', 'state', 'status', 'action',
  ],
  mm_profiles: [
    'title', 'profiles', 'max_signals_amount', 'max_factor_amount', 'all_signals_quota',
    'one_signal_quota', 'exchange_account', 'status', 'is_show', 'created_at', 'change_deposit',
  ],
  profiles: [
    'title', 'status', 'profile_direction', 'template', 'mm_profile', 'tickers',
    'ticker_configs_name', 'timeframe', 'exchange_account', 'pairs', 'is_show', 'add',
  ],
  profiles_stats: [
    'profile_id', 'profile_title', 'direction', 'status', 'total_profit', 'total_loss', 'total',
    'total_percent', 'total_i', 'avg_pnl_percent', 'avg_loss_percent', 'most_loss_percent',
    'avg_profit_percent', 'avg_i', 'qty_loss', 'qty_profit', 'qty_total', 'w_percent',
    'avg_time_per_signal', 'most_longest_duration', 'most_imp_loss', 'most_mm_imp_loss',
    'qty_missed',
  ],
  APA: [
    'created_at', 'profile', 'ticker', 'side', 'active_p_size_usd', 'active_p_coins', 'r_pnl',
    'u_pnl', 'avg_e_price', 'k_exit', 'k_exit_coeff', 'current_price', 'mark_price', 'reduce_p',
    'k_e_recovery', 'skip_check_by_timer', 'skip_check_by_distance', 'best_limit', 'state',
    'profile_list', 'close_market', 'skip_check_k_exit', 'change_deposit',
  ],
  logs: [
    'created_at', 'type', 'event_type', 'signal_id', 'pair_id', 'pair_name', 'profile_id',
    'profile_title', 'order_id', 'log_data',
  ],
  backtests: [
    'profile_id', 'profile', 'market', 'date_from', 'date_until', 'status', 'progress', 'total_return_percent',
    'max_drawdown_percent', 'trade_count', 'created_by', 'created_at',
    // A run's page beyond the list's columns: its inputs, figures and duration, its trades, its equity curve.
    'inputs', 'figures', 'duration_ms', 'trades', 'equity',
  ],
} as const satisfies Partial<Record<SectionName, readonly string[]>>;

type FieldSection = keyof typeof SECTION_FIELDS;

/**
 * The keys a Limited projection always keeps, whatever the group's fields: a row's own id, and the ids
 * its actions address. A position's closes go to its signal (the close routes take the signal's id), so
 * a position row keeps signal_id. Sections not listed keep only id.
 */
export const IDENTITY_KEYS = {
  APA: ['id', 'signal_id'],
} as const satisfies Partial<Record<FieldSection, readonly string[]>>;

const DEFAULT_IDENTITY_KEYS: readonly string[] = ['id'];

export function identityKeysOf(section: SectionName): readonly string[] {
  return (IDENTITY_KEYS as Partial<Record<SectionName, readonly string[]>>)[section] ?? DEFAULT_IDENTITY_KEYS;
}

/** Sections whose filtering (resp. sorting) a Limited group may switch off. */
export const FILTERING_SECTIONS: readonly SectionName[] = ['logs', 'signals', 'profiles_stats', 'backtests'];
export const SORTING_SECTIONS: readonly SectionName[] = ['signals', 'profiles_stats', 'backtests'];

export function isSectionName(value: unknown): value is SectionName {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);
}

export function fieldsOf(section: SectionName): readonly string[] {
  return (SECTION_FIELDS as Partial<Record<SectionName, readonly string[]>>)[section] ?? [];
}
