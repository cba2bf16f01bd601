import { LOST_POSITION_LIST_QUERY, POSITION_LIST_QUERY } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { LostPositionsQuery, PositionsQuery } from './positions.dto';

const FROM = `positions p
  JOIN pairs pr ON pr.id = p.pair_id
  JOIN exchange_accounts ea ON ea.id = p.exchange_account_id
  LEFT JOIN strategy_profiles sp ON sp.id = p.profile_id`;

/** One position as stored; numbers as text for the decimal helper (profile_list is added per page: PositionsRepository.profileLists). */
export const POSITION_COLUMNS = `p.id::text, p.signal_id::text, p.created_at, p.pair_id, p.exchange_account_id, pr.ticker, p.side, p.state, p.action_state,
  CASE WHEN sp.id IS NULL THEN NULL ELSE json_build_object('id', sp.id, 'title', sp.title) END AS profile,
  json_build_object('id', ea.id, 'title', ea.title) AS exchange_account,
  p.active_p_size_usd::text, p.active_p_coins::text, p.r_pnl::text, p.u_pnl::text, p.avg_e_price::text, p.k_exit::text,
  p.k_exit_coeff::text, p.current_price::text, p.mark_price::text, p.reduce_p::text, p.k_e_recovery, p.skip_check_by_timer,
  p.skip_check_by_distance, p.best_limit`;

export const POSITION_FROM = FROM;

const pairTicker = { column: 'pr.ticker', op: 'custom' as const, condition: (value: unknown, bind: (v: unknown) => string) => `pr.ticker = upper(${bind(String(value).trim())})` };

/** Every join of FROM keeps one row per position (NOT NULL foreign keys, a LEFT JOIN on a primary key). */
const KEY_TABLE = 'positions p';

/** Past this many open positions beyond the page, the count is the planner's estimate. */
export const POSITION_COUNT_CAP = 1_000;

/**
 * Position administration: every position not closed, lost ones (no state) first, then newest, on
 * positions_administration_idx ((state IS NOT NULL), id DESC) WHERE closed_at IS NULL. Only open
 * positions are read; the other orderings have no index (the engine rewrites u_pnl and prices on every
 * tick, and an index on them would cost each of those updates its HOT path), so a page sorts the open
 * positions' keys alone, then reads its rows (docs/decisions/positions-and-risk-control.md).
 */
export const POSITION_LIST = defineList<PositionsQuery, typeof POSITION_LIST_QUERY>(POSITION_LIST_QUERY, {
  name: 'position administration',
  from: FROM,
  columns: POSITION_COLUMNS,
  key: 'p.id',
  keyTable: KEY_TABLE,
  sortKeysFirst: true,
  always: ['p.closed_at IS NULL'],
  filters: { pair__ticker: pairTicker },
  orderings: {
    created_at: { column: 'p.created_at' },
    ticker: { column: 'pr.ticker' },
    side: { column: 'p.side' },
    active_p_size_usd: { column: 'p.active_p_size_usd' },
    u_pnl: { column: 'p.u_pnl' },
    r_pnl: { column: 'p.r_pnl' },
  },
  defaultOrder: [{ column: '(p.state IS NOT NULL)' }, { column: 'p.id', descending: true }],
  defaultPageSize: 100,
  count: { kind: 'capped', cap: POSITION_COUNT_CAP },
});

/** The lost positions tab: positions found on the exchange without a signal, newest first. */
export const LOST_POSITION_LIST = defineList<LostPositionsQuery, typeof LOST_POSITION_LIST_QUERY>(LOST_POSITION_LIST_QUERY, {
  name: 'lost positions',
  from: FROM,
  columns: POSITION_COLUMNS,
  key: 'p.id',
  keyTable: KEY_TABLE,
  always: ['p.closed_at IS NULL', 'p.state IS NULL'],
  filters: { pair__ticker: pairTicker },
  orderings: {},
  defaultOrder: [{ column: 'p.id', descending: true }],
  defaultPageSize: 100,
  count: { kind: 'exact' },
});
