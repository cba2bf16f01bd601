/** Users as the users management screen and the account details show them. */
import type { GroupOption } from './api';
import { FORMATS } from './columns';
import { defineResource } from './resource';

/** A user as `GET users/users/` answers it, and its create and group change. */
export interface ManagedUser {
  id: number;
  email: string;
  is_active: boolean;
  group: GroupOption | null;
}

/** `PUT users/users/{id}/`: the signed-in user's own account after the change. */
export interface OwnAccount {
  id: number;
  email: string;
}

/** `GET users/users/group_options/`: the groups the caller may put users in. */
export interface GroupOptionList {
  results: GroupOption[];
}

/**
 * Users Management: 40 rows, no filters or sorting. The group is picked in the row; the screen adds
 * Save, Sessions and Delete. The section has no Limited level.
 */
export const USER_RESOURCE = defineResource<ManagedUser>()({
  name: 'users',
  section: 'users',
  query: { filters: {}, orderings: {} },
  columns: [
    { field: 'email', header: 'Email', format: FORMATS.text, limited: false },
    { field: 'group', header: 'Group', format: FORMATS.text, limited: false },
  ],
});
