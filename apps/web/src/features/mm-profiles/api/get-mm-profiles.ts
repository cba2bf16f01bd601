import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MmProfileList } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getMmProfiles = (client: ApiClient, query: Record<string, QueryValue>) => client.get<MmProfileList>(API_PATHS.mmProfiles, { params: query });

export const mmProfilesQueryOptions = (client: ApiClient, query: Record<string, QueryValue> = {}) =>
  queryOptions({ queryKey: queryKeys.mmProfiles.list(query), queryFn: () => getMmProfiles(client, query), placeholderData: keepPreviousData });

export const useMmProfiles = (query: Record<string, QueryValue>) => useQuery(mmProfilesQueryOptions(useApiClient(), query));
