import { STRATEGY_PROFILE_OPTIONS_QUERY, STRATEGY_PROFILE_PAGE_SIZE, STRATEGY_PROFILE_RESOURCE, PAGE_SIZES } from '@console/contracts';
import { containsPattern } from '../common/database/like';
import { defineList, type FilterDeclaration } from '../common/list-query/list-declaration';
import type { StrategyProfileOptionsQuery, StrategyProfilesQuery } from './strategy-profiles.dto';

export const STRATEGY_PROFILE_FROM = `strategy_profiles sp
  LEFT JOIN mm_profiles mm ON mm.id = sp.mm_profile_id
  LEFT JOIN ticker_configs tc ON tc.id = sp.ticker_config_id
  LEFT JOIN exchange_accounts ea ON ea.id = sp.exchange_account_id`;

export const STRATEGY_PROFILE_COLUMNS = `sp.id, sp.title, sp.status, sp.action_state, sp.profile_direction, sp.template_id AS template,
  CASE WHEN mm.id IS NULL THEN NULL ELSE json_build_object('id', mm.id, 'title', mm.title) END AS mm_profile,
  sp.ticker_config_id AS tickers, tc.title AS ticker_configs_name, sp.timeframe,
  CASE WHEN ea.id IS NULL THEN NULL ELSE json_build_object('id', ea.id, 'title', ea.title) END AS exchange_account,
  coalesce((SELECT array_agg(p.ticker ORDER BY p.ticker) FROM ticker_config_pairs tcp JOIN pairs p ON p.id = tcp.pair_id
             WHERE tcp.ticker_config_id = sp.ticker_config_id), '{}') AS pairs,
  sp.is_show, sp.created_at`;

/**
 * The strategy profiles, newest first, 20 a page; picked (visible) ones unless `show_hide=true`.
 * A few hundred rows at most: sorted in memory, no index beyond the foreign keys.
 */
export const STRATEGY_PROFILE_LIST = defineList<StrategyProfilesQuery, typeof STRATEGY_PROFILE_RESOURCE.query>(STRATEGY_PROFILE_RESOURCE.query, {
  name: 'strategy profiles',
  from: STRATEGY_PROFILE_FROM,
  columns: STRATEGY_PROFILE_COLUMNS,
  key: 'sp.id',
  filters: {
    direction: { column: 'sp.profile_direction' },
    show_hide: { column: 'sp.is_show', op: 'custom', condition: (value) => (value === true ? null : 'sp.is_show') },
  },
  orderings: { profile_direction: { column: 'sp.profile_direction' } },
  defaultOrder: [{ column: 'sp.id', descending: true }],
  defaultPageSize: STRATEGY_PROFILE_PAGE_SIZE,
  count: { kind: 'exact' },
});

/** Profiles to pick (filters, templates): by title, searched by title or id. */
/** A profile picker's search: by title, or by id when the text is a number. */
export const PROFILE_SEARCH: FilterDeclaration = {
  column: 'sp.title',
  op: 'custom',
  condition: (value, bind) => {
    const text = String(value).trim();
    if (!text) return null;
    const byTitle = `sp.title ILIKE ${bind(containsPattern(text))}`;
    return /^\d{1,9}$/.test(text) ? `${byTitle} OR sp.id = ${bind(Number(text))}` : byTitle;
  },
};

export const STRATEGY_PROFILE_OPTION_LIST = defineList<StrategyProfileOptionsQuery, typeof STRATEGY_PROFILE_OPTIONS_QUERY>(STRATEGY_PROFILE_OPTIONS_QUERY, {
  name: 'strategy profile options',
  from: 'strategy_profiles sp',
  columns: 'sp.id, sp.title',
  key: 'sp.id',
  filters: {
    search: PROFILE_SEARCH,
  },
  orderings: {},
  defaultOrder: [{ column: 'sp.title' }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});
