import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, LIMITS, type GroupOption, type Paginated, type Perm } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

export interface Group {
  id: number;
  name: string;
  perms: Perm[];
  users_count: number;
}

export interface ManagedUser {
  id: number;
  email: string;
  is_active: boolean;
  group: { id: number; name: string } | null;
}

export type PermInput = Pick<Perm, 'section_name' | 'status' | 'fields' | 'filtering' | 'sorting' | 'is_only_finished' | 'signals_count'>;

/** The tables show 40 rows, with no pager (platform.md 2.6). */
const pageSize = LIMITS.usersAndGroupsPageSize;

export const groupsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: ['groups', 'list'], queryFn: () => client.get<Paginated<Group>>(API_PATHS.groups, { params: { page_size: pageSize } }) });

/** The groups the signed-in user may put users in (names and ids), under the users section. */
export const groupOptionsQuery = (client: ApiClient) =>
  queryOptions({ queryKey: ['groups', 'options'], queryFn: () => client.get<{ results: GroupOption[] }>(API_PATHS.userGroupOptions) });

export const groupQuery = (client: ApiClient, id: number) =>
  queryOptions({ queryKey: ['groups', 'detail', id], queryFn: () => client.get<Group>(API_PATHS.group(id)) });

export const usersQuery = (client: ApiClient) =>
  queryOptions({ queryKey: ['users', 'list'], queryFn: () => client.get<Paginated<ManagedUser>>(API_PATHS.users, { params: { page_size: pageSize } }) });

export const saveGroup = (client: ApiClient, body: { name: string; perms: PermInput[] }, id?: number) =>
  id ? client.put<Group>(API_PATHS.group(id), body) : client.post<Group>(API_PATHS.groups, body);

export const deleteGroup = (client: ApiClient, id: number) => client.delete(API_PATHS.group(id));

export const createUser = (client: ApiClient, body: { email: string; password: string; group: number }) => client.post<ManagedUser>(API_PATHS.users, body);

export const changeUserGroup = (client: ApiClient, id: number, group: number) => client.put<ManagedUser>(API_PATHS.updateUserGroup(id), { group });

export const deactivateUser = (client: ApiClient, id: number) => client.delete(API_PATHS.user(id));
