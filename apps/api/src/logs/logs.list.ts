import { LOG_RESOURCE, PAGE_SIZES } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { LogsQuery } from './logs.dto';

/** Past this many matching rows beyond the page, the list reports an estimate (exact: logs/for_count/). */
const LOG_COUNT_CAP = 1_000;

/**
 * The log list (tens of millions of rows). Every filter has an index ordered by id (migrations
 * 1732780800000 and later), so a first page reads only its rows; newest first only.
 */
export const LOG_LIST = defineList<LogsQuery, typeof LOG_RESOURCE.query>(LOG_RESOURCE.query, {
  name: 'logs',
  from: 'logs',
  // logs.id sorts and joins; the output column id is text (bigint ids exceed JSON's safe integers).
  columns: `logs.id::text AS id, created_at, type, event_type, signal_id::text, pair_id, pair_name, profile_id, profile_title, order_id::text, log_data`,
  key: 'logs.id',
  filters: {
    signal_id: { column: 'logs.signal_id' },
    type: { column: 'logs.type' },
    pair: { column: 'logs.pair_id' },
    profile: { column: 'logs.profile_id' },
  },
  orderings: {},
  defaultOrder: [{ column: 'logs.id', descending: true }],
  defaultPageSize: PAGE_SIZES.logs.default,
  count: { kind: 'capped', cap: LOG_COUNT_CAP },
});
