import { SESSION_LIMITS } from '@console/contracts';
import type { ListDeclaration } from '../common/list-query/list-declaration';
import type { PageQuery } from '../common/pagination/pagination';

/** The log events that are sign-in attempts (the partial index logs_sign_in_user_id_id_idx covers exactly these). */
export const SIGN_IN_EVENTS = ['login_success', 'login_failed', '2fa_failed'] as const;

/** The history's query: the page from the request, the user always from the route or the session. */
export type SignInHistoryQuery = PageQuery & { user_id: number };

/**
 * One user's sign-in attempts of the last 90 days, newest first: the sign-in rows of `logs`, so they
 * leave with the logs, whatever keeps those. The count stops at a cap like every list on `logs`.
 */
export const SIGN_IN_HISTORY_LIST: ListDeclaration<SignInHistoryQuery> = {
  name: 'sign-in history',
  from: 'logs',
  columns: `logs.id::text AS id, logs.created_at, logs.event_type, logs.log_data->>'reason' AS reason,
            logs.log_data->>'ip' AS address, logs.log_data->>'userAgent' AS user_agent`,
  key: 'logs.id',
  filters: { user_id: { column: 'logs.user_id' } },
  orderings: {},
  defaultOrder: [{ column: 'logs.id', descending: true }],
  defaultPageSize: SESSION_LIMITS.historyPageSizes.default,
  count: { kind: 'capped', cap: SESSION_LIMITS.historyCountCap },
  always: [
    'logs.user_id IS NOT NULL',
    `logs.type = 'user'`,
    `logs.event_type IN (${SIGN_IN_EVENTS.map((e) => `'${e}'`).join(', ')})`,
    `logs.created_at >= now() - make_interval(days => ${SESSION_LIMITS.historyDays})`,
  ],
};
