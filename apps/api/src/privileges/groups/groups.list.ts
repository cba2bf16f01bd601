import { GROUP_RESOURCE, LIMITS } from '@console/contracts';
import { defineList } from '../../common/list-query/list-declaration';
import type { GroupsQuery } from './groups.dto';

/** The privilege groups with how many active users each has, oldest first. */
export const GROUP_LIST = defineList<GroupsQuery, typeof GROUP_RESOURCE.query>(GROUP_RESOURCE.query, {
  name: 'groups',
  from: 'groups g',
  columns: 'g.id, g.name, g.perms, (SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.is_active) AS users_count',
  key: 'g.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 'g.id' }],
  defaultPageSize: LIMITS.usersAndGroupsPageSize,
  count: { kind: 'exact' },
});
