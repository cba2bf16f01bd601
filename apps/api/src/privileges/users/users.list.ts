import { LIMITS, USER_RESOURCE } from '@console/contracts';
import { defineList } from '../../common/list-query/list-declaration';
import type { UsersQuery } from './users.dto';

/** The users with their group's name, oldest first. */
export const USER_LIST = defineList<UsersQuery, typeof USER_RESOURCE.query>(USER_RESOURCE.query, {
  name: 'users',
  from: 'users u LEFT JOIN groups g ON g.id = u.group_id',
  columns: 'u.id, u.email, u.is_active, u.group_id, g.name AS group_name',
  key: 'u.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 'u.id' }],
  defaultPageSize: LIMITS.usersAndGroupsPageSize,
  count: { kind: 'exact' },
});
