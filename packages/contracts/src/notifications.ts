/** The notifications feed. */
import { defineResource } from './resource';

/** A notification as `GET notifications/` answers it; the feed is newest first. */
export interface NotificationRow {
  /** bigint: text, beyond JSON's safe integers one day. */
  id: string;
  title: string;
  text_body: string;
  created_at: string;
}

/**
 * The feed: cards (title, text, time) loaded page after page as the screen scrolls, not a table: no
 * columns, no filters or sorting. No Limited level.
 */
export const NOTIFICATION_RESOURCE = defineResource<NotificationRow>()({
  name: 'notifications',
  section: 'notifications',
  query: { filters: {}, orderings: {} },
  columns: [],
});
