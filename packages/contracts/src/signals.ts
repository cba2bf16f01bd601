/**
 * Signals and orders: their tables, rows and actions. Quoted texts
 * are the spec's; the rest are our own words.
 */
import type { ListQueryAccess } from './list-query';
import { PAGE_SIZES } from './limits';
import type { ActionState, Direction, OrderKind, OrderSide, OrderState, OrderStatus, SignalState, SignalStatus, Timeframe } from './trading';

/** A signal as `GET signals/signals/` answers it. A Limited group gets only its fields and the id. */
export interface SignalRow {
  /** bigint: text, beyond JSON's safe integers one day. */
  id: string;
  created_at: string;
  /** The strategy profile's title. */
  profile: string;
  profile_id: number;
  timeframe: Timeframe;
  /** The pair's ticker. */
  pair: string;
  direction: Direction;
  execution: number;
  size_currency: number;
  size_coins: number;
  avg_e_price: number | null;
  exit_place: number | null;
  current_price: number | null;
  pnl_in_usd: number | null;
  pnl_in_percent: number | null;
  tr_in_atr: number | null;
  inc_vola: number | null;
  atr_minus_1: number | null;
  atr_t_percent: number | null;
  minute_activated_at: string | null;
  start_point: number | null;
  status: SignalStatus;
  state: SignalState;
  action_state: ActionState;
  /** Hours from the signal's creation to its end (or to now while it is open), 2 decimals. */
  time_per_signal: number;
}

/** An order as `GET orders/orders/` answers it. */
export interface OrderRow {
  id: string;
  created_at: string;
  /** The signal's id. */
  signal: string;
  /** The strategy profile's title. */
  profile: string;
  profile_id: number;
  /** The pair's ticker. */
  pair: string;
  /** buy or sell on the exchange. */
  direction: OrderSide;
  position_direction: Direction;
  /** 5 decimals. */
  price: number;
  /** 7 decimals. */
  quantity: number;
  exchange_order_id: string | null;
  /** enter or exit. */
  order_type: OrderKind;
  /** price × quantity, 2 decimals. */
  o_size: number;
  state: OrderState;
  status: OrderStatus;
  action_state: ActionState;
}

/**
 * `GET signals/signals/`: each filter and ordering with the field a Limited group must see to use it.
 * show_missed reads the status (it shows or hides a status), show_unfilled the execution.
 */
export const SIGNAL_LIST_QUERY = {
  filters: {
    profile: 'profile',
    status: 'status',
    pair: 'pair',
    created_at_before: 'created_at',
    created_at_after: 'created_at',
    show_missed: 'status',
    show_unfilled: 'execution',
  },
  orderings: { created_at: 'created_at' },
} as const satisfies ListQueryAccess;

/** `GET orders/orders/`: the same pattern; `signal` keeps one signal's orders. */
export const ORDER_LIST_QUERY = {
  filters: {
    profile: 'profile',
    status: 'status',
    pair: 'pair',
    signal: 'signal',
    created_at_before: 'created_at',
    created_at_after: 'created_at',
  },
  orderings: { created_at: 'created_at' },
} as const satisfies ListQueryAccess;

/** The orders list has one fixed page size. */
export const ORDER_PAGE_SIZE = 100;

/** Order coefficient of a limit close: 0.001 to 0.999, 3 decimals. */
export const CLOSE_COEFFICIENT = { min: 0.001, max: 0.999, decimals: 3 } as const;

/**
 * Why a close coefficient is refused (the spec's message), or null. Takes a number, or the text of a
 * form input; at most 3 decimals.
 */
export function closeCoefficientProblem(value: unknown): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return SIGNAL_MESSAGES.coefficientRequired;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : null;
  if (text === null || !/^\d*\.?\d+$/.test(text)) return SIGNAL_MESSAGES.coefficientInvalid;
  const n = Number(text);
  if (n < CLOSE_COEFFICIENT.min) return SIGNAL_MESSAGES.coefficientMin;
  if (n > CLOSE_COEFFICIENT.max) return SIGNAL_MESSAGES.coefficientMax;
  if (Number(n.toFixed(CLOSE_COEFFICIENT.decimals)) !== n) return SIGNAL_MESSAGES.coefficientInvalid;
  return null;
}

/** The most signals one bulk close takes. */
export const BULK_SIGNALS_MAX = PAGE_SIZES.signals.options.at(-1)!;

export const SIGNAL_MESSAGES = {
  coefficientRequired: 'Please enter the new coefficient',
  coefficientMin: 'Coefficient must be greater than or equal to 0.001',
  coefficientMax: 'Coefficient must be less than or equal to 0.999',
  coefficientInvalid: 'Please enter a valid number',
  notCancellable: 'Only a signal that is active and not yet processed can be cancelled.',
  noOpenPosition: 'This signal has no open position to close.',
  closeUnderWay: 'A close of this position is already under way.',
  signalsIdsRequired: 'Pick at least one signal.',
  signalsIdsTooMany: `Pick at most ${BULK_SIGNALS_MAX} signals at once.`,
  signalsIdsRepeated: 'Each signal may be listed once.',
  noOpenPositions: (ids: readonly (string | number)[]) => `These signals have no open position to close: ${ids.join(', ')}.`,
  dateInvalid: 'Enter a date as YYYY-MM-DD or a date and time in ISO 8601.',
} as const;

/** Whether a signal offers Cancel (only while active-not-processed, and no action under way). */
export function isSignalCancellable(signal: { state?: SignalState; action_state?: ActionState }): boolean {
  return signal.state === 'active_np' && (signal.action_state === undefined || signal.action_state === 'NONE');
}

/** The statuses of the signals table's status filter, with their labels. */
export const SIGNAL_STATUS_LABELS: Record<SignalStatus, string> = {
  active: 'Active',
  in_queue: 'In queue',
  finished: 'Finished',
  missed: 'Missed',
  canceled: 'Canceled',
};

/** The signals and orders screens' own texts. */
export const SIGNALS_UI = {
  signalsEmpty: 'There are no signals yet...',
  ordersEmpty: 'There are no orders yet...',
  missed: 'Missed',
  unfilled: 'Unfilled',
  apply: 'Apply',
  cancelConfirm: (id: string) => `Cancel signal ${id}?`,
  orderCancelConfirm: (id: string) => `Cancel order ${id}?`,
} as const;
