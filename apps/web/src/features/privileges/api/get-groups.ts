import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, LIMITS, type Paginated, type PrivilegeGroup } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getGroups = (client: ApiClient) => client.get<Paginated<PrivilegeGroup>>(API_PATHS.groups, { params: { page_size: LIMITS.usersAndGroupsPageSize } });

/** The groups table shows 40 rows, with no pager. */
export const groupsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.groups.list(), queryFn: () => getGroups(client) });

export const useGroups = () => useQuery(groupsQueryOptions(useApiClient()));
