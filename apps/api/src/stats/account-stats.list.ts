import { ACCOUNT_STATS_LIST_QUERY, ACCOUNT_STATS_OPTIONS_QUERY, ACCOUNT_STATS_PAGE_SIZE, PAGE_SIZES } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { AccountStatsOptionsQuery, AccountStatsQuery } from './stats.dto';
import { createdAtCondition } from './stats-dates';
import { FIGURE_EXPRESSIONS as F, figureColumns, RETURN_AT_PERCENT } from './stats-figures.sql';

/** The newest metrics minute of the account: one step down its primary key. */
const FROM = `exchange_accounts ea
  LEFT JOIN account_stats t ON t.exchange_account_id = ea.id
  LEFT JOIN LATERAL (SELECT m.nav, m.deposit_at FROM account_metrics m WHERE m.exchange_account_id = ea.id ORDER BY m.at DESC LIMIT 1) last ON true`;

/**
 * One account's row: the same figures as a profile's over all its profiles' signals, plus its number of
 * strategy profiles (not drafts), its newest NAV and Deposit AT, and its Return AT %.
 */
export const ACCOUNT_STATS_COLUMNS = `ea.id, ea.id AS account_id, ea.title AS account_title,
  (SELECT count(*) FROM strategy_profiles sp WHERE sp.exchange_account_id = ea.id AND sp.status <> 'draft')::int AS qty_profiles,
  round(last.nav, 2)::float8 AS nav, round(last.deposit_at, 2)::float8 AS deposit,
  ${RETURN_AT_PERCENT('last.nav', 'last.deposit_at')}::float8 AS return_percent,
  ${figureColumns()}`;

/** The exchange accounts' statistics, newest account first; a handful of rows, sorted in memory. */
export const ACCOUNT_STATS_LIST = defineList<AccountStatsQuery, typeof ACCOUNT_STATS_LIST_QUERY>(ACCOUNT_STATS_LIST_QUERY, {
  name: 'account stats',
  from: FROM,
  columns: ACCOUNT_STATS_COLUMNS,
  key: 'ea.id',
  filters: {
    account_id__in: { column: 'ea.id', op: 'in', cast: 'int[]' },
    created_at__lte: { column: 'ea.created_at', op: 'custom', condition: (value, bind) => createdAtCondition('ea.created_at', '<=', value, bind) },
    created_at__gte: { column: 'ea.created_at', op: 'custom', condition: (value, bind) => createdAtCondition('ea.created_at', '>=', value, bind) },
  },
  orderings: {
    account_id: { column: 'ea.id' },
    account_title: { column: 'ea.title' },
    total: { column: F.total },
    total_percent: { column: F.total_percent },
    total_i: { column: F.total_i },
    w_percent: { column: F.w_percent },
    qty_total: { column: F.qty_total },
    nav: { column: 'last.nav' },
  },
  defaultOrder: [{ column: 'ea.id', descending: true }],
  defaultPageSize: ACCOUNT_STATS_PAGE_SIZE,
  count: { kind: 'exact' },
});

/** `account-stats/for-filters/?search=`: accounts by title. */
export const ACCOUNT_STATS_OPTION_LIST = defineList<AccountStatsOptionsQuery, typeof ACCOUNT_STATS_OPTIONS_QUERY>(ACCOUNT_STATS_OPTIONS_QUERY, {
  name: 'account stats options',
  from: 'exchange_accounts ea',
  columns: 'ea.id, ea.title',
  key: 'ea.id',
  filters: { search: { column: 'ea.title', op: 'contains' } },
  orderings: {},
  defaultOrder: [{ column: 'ea.title' }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});
