import { PAGE_SIZES, RISK_CONTROL_LIST_QUERY, RISK_CONTROL_PAGE_SIZE, RISK_GROUP_OPTIONS_QUERY } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import { PROFILE_SEARCH } from '../strategy-profiles/strategy-profiles.list';
import type { RiskControlsQuery, RiskGroupsQuery } from './risk-controls.dto';

const FROM = `risk_triggers rt LEFT JOIN exchange_accounts ea ON ea.id = rt.exchange_account_id`;

const profilesOf = (role: string) =>
  `coalesce((SELECT array_agg(rp.profile_id ORDER BY rp.profile_id) FROM risk_trigger_profiles rp WHERE rp.risk_trigger_id = rt.id AND rp.role = '${role}'), '{}') AS`;

/** One trigger as stored; numbers as text for the decimal helper, profiles by role as ids. */
export const RISK_TRIGGER_COLUMNS = `rt.id, rt.trigger_name, rt.trigger_type, rt.trigger_blocker::text, rt.trigger_blocker_opp_dir_sp::text,
  rt.trigger_blocker_opp_dir_atr::text, rt.trigger_unblocker::text, rt.alert, rt.rules, rt.timer, rt.position_reduce::text,
  rt.x_percent_depo::text, rt.y_percent_depo::text, rt.is_active, rt.is_show,
  ${profilesOf('group')} group_profiles, ${profilesOf('blocker_active')} trigger_blocker_active_profile,
  CASE WHEN ea.id IS NULL THEN NULL ELSE json_build_object('id', ea.id, 'title', ea.title) END AS account`;

export const RISK_TRIGGER_FROM = FROM;

/** The RCS table in # order (tens of rows): picked (visible) triggers unless show_hide=true. */
export const RISK_TRIGGER_LIST = defineList<RiskControlsQuery, typeof RISK_CONTROL_LIST_QUERY>(RISK_CONTROL_LIST_QUERY, {
  name: 'risk triggers',
  from: FROM,
  columns: RISK_TRIGGER_COLUMNS,
  key: 'rt.id',
  filters: { show_hide: { column: 'rt.is_show', op: 'custom', condition: (value) => (value === true ? null : 'rt.is_show') } },
  orderings: {},
  defaultOrder: [{ column: 'rt.id' }],
  defaultPageSize: RISK_CONTROL_PAGE_SIZE,
  count: { kind: 'exact' },
});

/** The group picker's options: strategy profiles that are not drafts, by title, searched or named by id. */
export const RISK_GROUP_OPTION_LIST = defineList<RiskGroupsQuery, typeof RISK_GROUP_OPTIONS_QUERY>(RISK_GROUP_OPTIONS_QUERY, {
  name: 'risk group options',
  from: `strategy_profiles sp`,
  columns: 'sp.id, sp.title',
  key: 'sp.id',
  always: [`sp.status <> 'draft'`],
  filters: { search: PROFILE_SEARCH, id__in: { column: 'sp.id', op: 'in' } },
  orderings: {},
  defaultOrder: [{ column: 'sp.title' }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});
