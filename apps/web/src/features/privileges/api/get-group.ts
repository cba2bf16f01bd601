import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type PrivilegeGroup } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getGroup = (client: ApiClient, id: number) => client.get<PrivilegeGroup>(API_PATHS.group(id));

export const groupQueryOptions = (client: ApiClient, id: number) => queryOptions({ queryKey: queryKeys.groups.detail(id), queryFn: () => getGroup(client, id) });

/** One group to edit; nothing is asked for without an id (a new group). */
export const useGroup = (id: number | undefined) => useQuery({ ...groupQueryOptions(useApiClient(), id ?? 0), enabled: !!id });
