/** Privilege groups as the groups screen and the group form show them. */
import { FORMATS } from './columns';
import type { Perm } from './perms';
import { defineResource } from './resource';

/** A group as `GET users/groups/` and `…/{id}/` answer it: every section's perm, and its active users. */
export interface PrivilegeGroup {
  id: number;
  name: string;
  perms: Perm[];
  users_count: number;
}

/** The groups table: 40 rows, no filters or sorting; the screen adds Edit and Delete. No Limited level. */
export const GROUP_RESOURCE = defineResource<PrivilegeGroup>()({
  name: 'groups',
  section: 'groups',
  query: { filters: {}, orderings: {} },
  columns: [
    { field: 'name', header: 'Name', format: FORMATS.text, limited: false },
    { field: 'users_count', header: 'Active users', format: FORMATS.integer, limited: false },
  ],
});
