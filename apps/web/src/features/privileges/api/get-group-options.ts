import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type GroupOptionList } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getGroupOptions = (client: ApiClient) => client.get<GroupOptionList>(API_PATHS.userGroupOptions);

/** The groups the signed-in user may put users in (names and ids), under the users section. */
export const groupOptionsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.groups.assignable(), queryFn: () => getGroupOptions(client) });

export const useGroupOptions = () => useQuery(groupOptionsQueryOptions(useApiClient()));
