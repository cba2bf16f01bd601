import { PAGE_SIZES, SIGNAL_LIST_QUERY, TRADING_DECIMALS, type SignalRow } from '@console/contracts';
import { toJsonNumber, toJsonNumberOrNull } from '../common/decimal';
import { defineList } from '../common/list-query/list-declaration';
import type { SignalsQuery } from './signals.dto';

/** Past this many matching rows beyond the page, the count is the planner's estimate (tens of millions of rows). */
export const SIGNAL_COUNT_CAP = 1_000;

export const SIGNAL_FROM = `signals
  JOIN strategy_profiles sp ON sp.id = signals.profile_id
  JOIN pairs p ON p.id = signals.pair_id
  LEFT JOIN positions pos ON pos.signal_id = signals.id`;

/**
 * One signal as stored: numeric columns as text for the decimal helper (toSignalRow); the hours per signal
 * rounded by PostgreSQL (half away from zero, as toJsonNumber rounds), so its text is short and an export
 * writes it as it comes. A close acts on the signal's position: its CLOSING / CLOSED shows as the signal's
 * action_state while the signal has none.
 */
export const SIGNAL_COLUMNS = `signals.id::text AS id, signals.created_at, sp.title AS profile, signals.profile_id, signals.timeframe,
  p.ticker AS pair, signals.direction, signals.execution::text, signals.size_currency::text, signals.size_coins::text,
  signals.avg_e_price::text, signals.exit_place::text, signals.current_price::text, signals.pnl_in_usd::text,
  signals.pnl_in_percent::text, signals.tr_in_atr::text, signals.inc_vola::text, signals.atr_minus_1::text,
  signals.atr_t_percent::text, signals.minute_activated_at, signals.start_point::text, signals.status, signals.state,
  CASE WHEN signals.action_state = 'NONE' AND pos.action_state IN ('CLOSING', 'CLOSED') THEN pos.action_state ELSE signals.action_state END AS action_state,
  round(extract(epoch FROM coalesce(signals.finished_at, greatest(now(), signals.created_at)) - signals.created_at) / 3600, ${TRADING_DECIMALS.avgTimePerSignal})::text AS time_per_signal`;

/**
 * The signals (tens of millions of rows), newest first, 200 a page. Every filter reads an index ending in
 * (created_at DESC, id DESC) (migrations 1733212800000 and 1733558400000): profile, pair, status and
 * their pairs with status; missed ones are left out unless show_missed; show_unfilled keeps execution 0.
 */
export const SIGNAL_LIST = defineList<SignalsQuery, typeof SIGNAL_LIST_QUERY>(SIGNAL_LIST_QUERY, {
  name: 'signals',
  from: SIGNAL_FROM,
  columns: SIGNAL_COLUMNS,
  key: 'signals.id',
  keyTable: 'signals',
  filters: {
    profile: { column: 'signals.profile_id' },
    status: { column: 'signals.status' },
    pair: { column: 'signals.pair_id' },
    created_at_before: { column: 'signals.created_at', op: 'lte', cast: 'timestamptz' },
    created_at_after: { column: 'signals.created_at', op: 'gte', cast: 'timestamptz' },
    // signalListQuery fills the default (false): false leaves missed signals out.
    show_missed: { column: 'signals.status', op: 'custom', condition: (value) => (value === true ? null : `signals.status <> 'missed'`) },
    show_unfilled: { column: 'signals.execution = 0', op: 'is_true' },
  },
  orderings: { created_at: { column: 'signals.created_at', notNull: true } },
  defaultOrder: [{ column: 'signals.created_at', descending: true, notNull: true }],
  defaultPageSize: PAGE_SIZES.signals.default,
  count: { kind: 'capped', cap: SIGNAL_COUNT_CAP },
});

/**
 * The query with the list's defaults, for every reader of SIGNAL_LIST (page, export): missed signals are
 * left out unless show_missed is true or the status asked for is missed.
 */
export function signalListQuery<Q extends Pick<SignalsQuery, 'show_missed' | 'status'>>(query: Q): Q {
  return { ...query, show_missed: query.show_missed ?? query.status === 'missed' };
}

export type StoredSignal = Record<keyof SignalRow, unknown>;

const NUMBER_FIELDS = ['execution', 'size_currency', 'size_coins'] as const;
const NULLABLE_NUMBER_FIELDS = [
  'avg_e_price', 'exit_place', 'current_price', 'pnl_in_usd', 'pnl_in_percent', 'tr_in_atr', 'inc_vola', 'atr_minus_1', 'atr_t_percent', 'start_point',
] as const;

/** A stored row (SIGNAL_COLUMNS) as the API answers it: numbers as JSON numbers, time_per_signal in hours, 2 decimals. */
export function toSignalRow(row: StoredSignal): SignalRow {
  const out = { ...row } as Record<string, unknown>;
  for (const field of NUMBER_FIELDS) out[field] = toJsonNumber(row[field] as string);
  for (const field of NULLABLE_NUMBER_FIELDS) out[field] = toJsonNumberOrNull(row[field] as string | null);
  out.time_per_signal = toJsonNumber(row.time_per_signal as string, TRADING_DECIMALS.avgTimePerSignal);
  return out as unknown as SignalRow;
}
