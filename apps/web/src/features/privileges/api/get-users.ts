import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LIMITS, type ManagedUser, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getUsers = (client: ApiClient) => client.get<Paginated<ManagedUser>>(API_PATHS.users, { params: { page_size: LIMITS.usersAndGroupsPageSize } });

/** The users table shows 40 rows, with no pager. */
export const usersQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.users.list(), queryFn: () => getUsers(client) });

export const useUsers = () => useQuery(usersQueryOptions(useApiClient()));
