import { NOTIFICATION_RESOURCE, PAGE_SIZES } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { NotificationsQuery } from './notifications.dto';

/** The feed, newest first. It grows with every event, so its count stops at a cap and estimates beyond. */
export const NOTIFICATION_LIST = defineList<NotificationsQuery, typeof NOTIFICATION_RESOURCE.query>(NOTIFICATION_RESOURCE.query, {
  name: 'notifications',
  from: 'notifications',
  columns: 'notifications.id::text AS id, notifications.title, notifications.text_body, notifications.created_at',
  key: 'notifications.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 'notifications.id', descending: true }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'capped', cap: 1_000 },
});
