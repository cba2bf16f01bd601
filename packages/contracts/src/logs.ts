import type { ListQueryAccess } from './list-query';
import type { AnswerFields } from './perms';

/** Log types and the events that write them. */
export const LOG_TYPES = ['system', 'general', 'error', 'user', 'restrictions', 'divergence'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** A log entry as `GET logs/` answers it. A Limited group gets only its fields and the id. */
export interface LogEntry {
  id: string;
  created_at: string;
  type: LogType;
  event_type: string;
  signal_id: string | null;
  pair_id: number | null;
  pair_name: string | null;
  profile_id: number | null;
  profile_title: string | null;
  order_id: string | null;
  log_data: Record<string, unknown>;
}

/**
 * The logs list's query (`logs/`, `logs/for_count/`): its filters and the field each reads. It takes no
 * ordering (newest first only). At Limited a filter needs its field among the group's fields.
 */
export const LOG_LIST_QUERY = {
  filters: { signal_id: 'signal_id', type: 'type', pair: 'pair_id', profile: 'profile_id' },
  orderings: {},
} as const satisfies ListQueryAccess;

/** `logs/for_filters/?field=pair|profile&search=&id=`: each lookup lists the options of one filter's field. */
export const LOG_FILTER_OPTIONS_QUERY = {
  options: { param: 'field', fields: { pair: 'pair_id', profile: 'profile_id' }, narrowing: ['search', 'id'] },
} as const satisfies ListQueryAccess;

/** The fields an option of each lookup shows: its `name` is the pair's or profile's name column. */
export const LOG_FILTER_OPTION_FIELDS = {
  pair: { name: 'pair_name' },
  profile: { name: 'profile_title' },
} as const satisfies Record<keyof typeof LOG_FILTER_OPTIONS_QUERY.options.fields, AnswerFields>;
