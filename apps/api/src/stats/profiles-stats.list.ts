import { PROFILE_STATS_LIST_QUERY, PROFILE_STATS_OPTIONS_QUERY, PROFILE_STATS_PAGE_SIZE, PAGE_SIZES } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { ProfileStatsOptionsQuery, ProfileStatsQuery } from './stats.dto';
import { PROFILE_SEARCH } from '../strategy-profiles/strategy-profiles.list';
import { createdAtCondition } from './stats-dates';
import { FIGURE_EXPRESSIONS as F, figureColumns } from './stats-figures.sql';

const FROM = `strategy_profiles sp
  LEFT JOIN profile_stats t ON t.profile_id = sp.id
  LEFT JOIN mm_profiles mm ON mm.id = sp.mm_profile_id`;

/** One profile's row: its identity and the figures of its finished and missed signals (docs/metrics.md). */
export const PROFILE_STATS_COLUMNS = `sp.id, sp.id AS profile_id, sp.title AS profile_title, sp.profile_direction AS direction, sp.status,
  ${figureColumns({ most_mm_imp_loss: `round(100 * least(t.most_loss_usd, 0) / nullif(mm.one_signal_quota, 0), 2)` })}`;

/**
 * The strategy profiles' statistics (drafts have none), newest profile first, 20 a page. Figures come from
 * profile_stats (one row per profile, kept by triggers), never from the signals. A few hundred rows at
 * most: sorted in memory like the profiles list.
 */
export const PROFILE_STATS_LIST = defineList<ProfileStatsQuery, typeof PROFILE_STATS_LIST_QUERY>(PROFILE_STATS_LIST_QUERY, {
  name: 'profiles stats',
  from: FROM,
  columns: PROFILE_STATS_COLUMNS,
  key: 'sp.id',
  always: [`sp.status <> 'draft'`],
  filters: {
    profile_id__in: { column: 'sp.id', op: 'in', cast: 'int[]' },
    status: { column: 'sp.status' },
    created_at__lte: { column: 'sp.created_at', op: 'custom', condition: (value, bind) => createdAtCondition('sp.created_at', '<=', value, bind) },
    created_at__gte: { column: 'sp.created_at', op: 'custom', condition: (value, bind) => createdAtCondition('sp.created_at', '>=', value, bind) },
  },
  orderings: {
    profile_id: { column: 'sp.id' },
    profile_title: { column: 'sp.title' },
    direction: { column: 'sp.profile_direction' },
    status: { column: 'sp.status' },
    total: { column: F.total },
    total_percent: { column: F.total_percent },
    total_i: { column: F.total_i },
    w_percent: { column: F.w_percent },
    qty_total: { column: F.qty_total },
    qty_missed: { column: F.qty_missed },
    avg_pnl_percent: { column: F.avg_pnl_percent },
    most_loss_percent: { column: F.most_loss_percent },
  },
  defaultOrder: [{ column: 'sp.id', descending: true }],
  defaultPageSize: PROFILE_STATS_PAGE_SIZE,
  count: { kind: 'exact' },
});

/** `profiles-stats/for-filters/?search=`: profiles that have statistics, by title. */
export const PROFILE_STATS_OPTION_LIST = defineList<ProfileStatsOptionsQuery, typeof PROFILE_STATS_OPTIONS_QUERY>(PROFILE_STATS_OPTIONS_QUERY, {
  name: 'profiles stats options',
  from: 'strategy_profiles sp',
  columns: 'sp.id, sp.title',
  key: 'sp.id',
  always: [`sp.status <> 'draft'`],
  filters: {
    search: PROFILE_SEARCH,
  },
  orderings: {},
  defaultOrder: [{ column: 'sp.title' }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});
