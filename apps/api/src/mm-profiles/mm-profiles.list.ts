import { MM_PROFILE_OPTIONS_QUERY, MM_PROFILE_RESOURCE, PAGE_SIZES } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { MmProfileOptionsQuery, MmProfilesQuery } from './mm-profiles.dto';

const FROM = `mm_profiles mm JOIN exchange_accounts ea ON ea.id = mm.exchange_account_id`;

/** One profile as stored; numeric columns as text for the decimal helper. */
export const MM_PROFILE_COLUMNS = `mm.id, mm.title,
  coalesce((SELECT json_agg(json_build_object('id', sp.id, 'title', sp.title) ORDER BY sp.id) FROM strategy_profiles sp WHERE sp.mm_profile_id = mm.id), '[]') AS profiles,
  mm.max_signals_amount, mm.max_factor_amount::text, mm.all_signals_quota::text, mm.one_signal_quota::text,
  json_build_object('id', ea.id, 'title', ea.title) AS exchange_account, mm.status, mm.is_show, mm.created_at`;

export const MM_PROFILE_FROM = FROM;

/**
 * The MM profiles, newest first, 50 a page. Visible ones unless `visibility` says hidden or all (the
 * service fills the default); `direction` keeps profiles a strategy profile of that direction uses.
 * A few hundred rows at most: no index beyond the foreign keys.
 */
export const MM_PROFILE_LIST = defineList<MmProfilesQuery, typeof MM_PROFILE_RESOURCE.query>(MM_PROFILE_RESOURCE.query, {
  name: 'mm profiles',
  from: FROM,
  columns: MM_PROFILE_COLUMNS,
  key: 'mm.id',
  filters: {
    status: { column: 'mm.status' },
    visibility: {
      column: 'mm.is_show',
      op: 'custom',
      condition: (value) => (value === 'visible' ? 'mm.is_show' : value === 'hidden' ? 'NOT mm.is_show' : null),
    },
    direction: {
      column: 'mm.id',
      op: 'custom',
      condition: (value, bind) => `EXISTS (SELECT 1 FROM strategy_profiles sp WHERE sp.mm_profile_id = mm.id AND sp.profile_direction = ${bind(value)})`,
    },
  },
  orderings: {},
  defaultOrder: [{ column: 'mm.id', descending: true }],
  defaultPageSize: PAGE_SIZES.mmProfiles.default,
  count: { kind: 'exact' },
});

/** `for-filters/?mm_profile=`: id and title, searched by title, by title. */
export const MM_PROFILE_OPTION_LIST = defineList<MmProfileOptionsQuery, typeof MM_PROFILE_OPTIONS_QUERY>(MM_PROFILE_OPTIONS_QUERY, {
  name: 'mm profile options',
  from: 'mm_profiles mm',
  columns: 'mm.id, mm.title',
  key: 'mm.id',
  filters: { mm_profile: { column: 'mm.title', op: 'contains' } },
  orderings: {},
  defaultOrder: [{ column: 'mm.title' }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});
