/**
 * Position administration: positions, their actions and the accounts' admin metrics.
 * Quoted texts are the spec's; the rest are our own words.
 */
import type { ListQueryAccess } from './list-query';
import { mayRunAction, type ActionName } from './actions';
import { FORMATS, type CheckedColumn } from './columns';
import type { Perm } from './perms';
import { defineResource } from './resource';
import type { StatsFigureId } from './stats-figures';
import { TRADING_DECIMALS, type ActionState, type DepositTransactionType, type Direction, type PositionState } from './trading';

export const POSITION_MESSAGES = {
  reducePercentRequired: 'Please enter percent(%) of reducing',
  reducePercentRange: 'Percent of reducing must be more than 0 and less than 100, with at most 2 decimals.',
  signalsIdsRequired: 'Pick at least one position.',
  signalsIdsUnknown: 'Some of the picked positions are not open any more. Reload the list and pick again.',
  lostNotReducible: 'A lost position cannot be reduced. Close it at market instead.',
  lostNoRecovery: 'A lost position has no k-exit to recover.',
  lostNoSkipCheck: 'A lost position has no exit checks to skip.',
  positionClosed: 'This position is already closed.',
  positionClosing: 'This position is being closed.',
  skipCheckRequired: 'Send skip_check_by_timer, skip_check_by_distance or both.',
  lostPositionNotFound: 'There is no lost position of this pair and side.',
  quantityRange: 'Quantity must be more than 0 and at most the quantity the lost position holds.',
  pairRequired: 'Pair is required',
  sideRequired: 'Side is required',
  quantityRequired: 'Quantity is required',
  depositValueRequired: 'Please enter the value',
  depositTypeRequired: 'Please pick the deposit type',
  depositValueInvalid: 'Enter a number of at least 0 with at most 8 decimals.',
  depositEditEmpty: 'Send deposit_monthly with deposit_type, or deposit_at.',
  /** Each edit is one movement of money, recorded as a deposit transaction. */
  depositEditOne: 'Edit one deposit at a time: send deposit_monthly with deposit_type, or deposit_at.',
  depositTypeDirection: 'A deposit raises the deposit and a withdrawal lowers it; a re-invest moves no money in or out (it is the MM deposit’s).',
  noMetricsYet: 'This account has no metrics yet.',
} as const;

/** The screen's own texts. */
export const POSITION_UI = {
  empty: 'There are no administration data yet...',
  lostEmpty: 'There are no lost positions...',
  tabs: { positions: 'Positions', lost: 'Lost positions' },
  /** The logs link of a position's signal. */
  logsLink: (signalId: string | number) => `logs?page=1&page_size=500&signal_id=${signalId}`,
} as const;

/** Reduce percent: more than 0, less than 100 (a 100% reduce is a market close), 2 decimals. */
export const REDUCE_PERCENT = { min: 0, max: 100, decimals: 2 } as const;
/** The most positions one bulk call takes. */
export const BULK_POSITIONS_MAX = 500;

/** The position administration screen's actions, each a declared action (ACTIONS holds their gates). */
export const POSITION_ACTIONS = {
  reduce: 'reducePosition',
  closeMarket: 'closeMarket',
  closeLimit: 'closeLimit',
  bestLimit: 'closeBestLimit',
  skipCheck: 'skipCheck',
  recoverKExit: 'recoverKExit',
  closeLost: 'closeLostPosition',
  changeDeposit: 'changeAccountDeposit',
} as const satisfies Record<string, ActionName>;
export type PositionAction = keyof typeof POSITION_ACTIONS;

/** Whether the APA perm allows the action: the screen judges by its own section, as the API's APA right does. */
export function mayRunPositionAction(perm: Perm, action: PositionAction): boolean {
  return mayRunAction(perm, POSITION_ACTIONS[action]);
}

/** `GET position-administration/`: each filter and ordering with the field a Limited group must see. */
export const POSITION_LIST_QUERY = {
  filters: { pair__ticker: 'ticker' },
  orderings: {
    created_at: 'created_at',
    ticker: 'ticker',
    side: 'side',
    active_p_size_usd: 'active_p_size_usd',
    u_pnl: 'u_pnl',
    r_pnl: 'r_pnl',
  },
} as const satisfies ListQueryAccess;

/** `GET position-administration/lost-positions/`. */
export const LOST_POSITION_LIST_QUERY = {
  filters: { pair__ticker: 'ticker' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** A row another one names by its id and title (a profile, an exchange account); also an option of a picker. */
export interface NamedRef {
  id: number;
  title: string;
}

/**
 * A row of `GET position-administration/` and of its lost positions, numbers rounded as TRADING_DECIMALS
 * says. A Limited group gets its fields and the identity keys (id, signal_id).
 */
export interface PositionRow {
  id: string;
  signal_id: string | null;
  created_at: string;
  profile: NamedRef | null;
  exchange_account: NamedRef;
  pair_id: number;
  ticker: string;
  side: Direction;
  active_p_size_usd: number;
  active_p_coins: number;
  r_pnl: number;
  u_pnl: number;
  avg_e_price: number | null;
  k_exit: number | null;
  k_exit_coeff: number | null;
  current_price: number | null;
  mark_price: number | null;
  reduce_p: number;
  k_e_recovery: boolean;
  skip_check_by_timer: boolean;
  skip_check_by_distance: boolean;
  best_limit: boolean;
  /** null: a lost position. */
  state: PositionState | null;
  action_state: ActionState;
  /** The other strategy profiles holding an open position on the same pair and account. */
  profile_list: NamedRef[];
}

const ADMIN_FIGURE = FORMATS.number(TRADING_DECIMALS.adminMetrics);
const PRICE = FORMATS.number(TRADING_DECIMALS.markPrice);

/**
 * The positions table's columns, in the screen's order (the pick box comes after the ticker). The
 * profile, the state (none: 'lost') and the profiles on the pair are drawn by the screen; the action
 * state is not among the APA fields, so a Limited group never sees it.
 */
const POSITION_COLUMNS: readonly CheckedColumn<PositionRow, 'APA'>[] = [
  { field: 'ticker', header: 'Ticker', format: FORMATS.text, limited: true },
  { field: 'created_at', header: 'Created', format: FORMATS.dateTime, limited: true },
  { field: 'profile', header: 'Profile', format: FORMATS.text, limited: true },
  { field: 'side', header: 'Side', format: FORMATS.text, limited: true },
  { field: 'active_p_size_usd', header: 'Size, $', format: ADMIN_FIGURE, limited: true },
  { field: 'active_p_coins', header: 'Coins', format: FORMATS.coins(TRADING_DECIMALS.positionCoins), limited: true },
  { field: 'r_pnl', header: 'R-PnL', format: ADMIN_FIGURE, limited: true },
  { field: 'u_pnl', header: 'U-PnL', format: ADMIN_FIGURE, limited: true },
  { field: 'avg_e_price', header: 'Avg entry', format: PRICE, limited: true },
  { field: 'k_exit', header: 'K-exit', format: FORMATS.number(TRADING_DECIMALS.kExit), limited: true },
  // As the engine set it: no fixed count of decimals.
  { field: 'k_exit_coeff', header: 'K-exit coeff', format: FORMATS.text, limited: true },
  { field: 'current_price', header: 'Current price', format: PRICE, limited: true },
  { field: 'mark_price', header: 'Mark price', format: PRICE, limited: true },
  { field: 'reduce_p', header: 'Reduce %', format: FORMATS.number(TRADING_DECIMALS.percent), limited: true },
  { field: 'k_e_recovery', header: 'K-E recovery', format: FORMATS.yesNo, limited: true },
  { field: 'skip_check_by_timer', header: 'Skip by timer', format: FORMATS.yesNo, limited: true },
  { field: 'skip_check_by_distance', header: 'Skip by distance', format: FORMATS.yesNo, limited: true },
  { field: 'best_limit', header: 'Best limit', format: FORMATS.yesNo, limited: true },
  { field: 'state', header: 'State', format: FORMATS.text, limited: true },
  { field: 'profile_list', header: 'Profiles on pair', format: FORMATS.text, limited: true },
  { field: 'action_state', header: 'Action state', format: FORMATS.text, limited: false },
];

/** Position administration's positions tab: every position not closed, lost ones first. */
export const POSITION_RESOURCE = defineResource<PositionRow>()({ name: 'positions', section: 'APA', columns: POSITION_COLUMNS, query: POSITION_LIST_QUERY });

/** The lost positions tab: the same columns, no ordering. */
export const LOST_POSITION_RESOURCE = defineResource<PositionRow>()({ name: 'lost-positions', section: 'APA', columns: POSITION_COLUMNS, query: LOST_POSITION_LIST_QUERY });

/** The side list: the newest metrics of each exchange account. */
export interface AccountAdminMetrics {
  /** The exchange account's id. */
  id: number;
  account_name: string;
  at: string;
  nav: number;
  asset_usdt: number;
  asset_usdc: number;
  other_stable_coins: number;
  asset_sum: number;
  var: number;
  open_orders_volume: number;
  free_var: number;
  imp_loss: number;
  max_dd: number;
  max_ddd: number;
  deposit_monthly: number;
  deposit_at: number;
  balance_daily: number;
  return_day_percent: number;
  /** The console's: By Months' Return month % of the newest month; null without a base to measure from. */
  return_month_percent: number | null;
  /** The console's: as the account stats; null without a deposit. */
  return_at_percent: number | null;
  /** The console's: By Months' ACGR over every month. */
  avg_capital_growth_rate: number | null;
}

/**
 * The metrics in the side list's order; each is a statistics figure (its label and tooltip there). The
 * month return, Return AT % and ACGR are the console's own computations, the same as By Months' and the
 * account stats'; the others are the engine's newest row.
 */
export const ACCOUNT_METRIC_FIELDS = [
  'nav',
  'asset_usdt',
  'asset_usdc',
  'other_stable_coins',
  'asset_sum',
  'var',
  'open_orders_volume',
  'free_var',
  'imp_loss',
  'max_dd',
  'max_ddd',
  'deposit_monthly',
  'deposit_at',
  'balance_daily',
  'return_day_percent',
  'return_month_percent',
  'return_at_percent',
  'avg_capital_growth_rate',
] as const satisfies readonly (Exclude<keyof AccountAdminMetrics, 'id' | 'account_name' | 'at'> & StatsFigureId)[];
export type AccountMetricField = (typeof ACCOUNT_METRIC_FIELDS)[number];

/** `PUT position-administration/account-info/{account_id}/` (docs/decisions/positions-and-risk-control.md). */
/** The reasons the deposit edit takes: it records money moved, which a re-invest is not. */
export const DEPOSIT_EDIT_TYPES = ['deposit', 'withdrawal'] as const satisfies readonly DepositTransactionType[];

export interface DepositEdit {
  deposit_monthly?: number;
  deposit_type?: DepositTransactionType;
  deposit_at?: number;
}
