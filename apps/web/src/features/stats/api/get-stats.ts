import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AccountStatsRow, type Paginated, type ProfileStatsRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { titledSource } from '../../../ui/picker/option-sources';

export const profilesStatsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.profilesStats.list(query),
    queryFn: () => client.get<Paginated<ProfileStatsRow>>(API_PATHS.profilesStats, { params: query }),
    placeholderData: keepPreviousData,
  });

export const useProfilesStats = (query: Record<string, QueryValue>) => useQuery(profilesStatsQueryOptions(useApiClient(), query));

export const accountStatsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.accountStats.list(query),
    queryFn: () => client.get<Paginated<AccountStatsRow>>(API_PATHS.accountStats, { params: query }),
    placeholderData: keepPreviousData,
  });

export const useAccountStats = (query: Record<string, QueryValue>) => useQuery(accountStatsQueryOptions(useApiClient(), query));

/** The filters' rows: profiles with statistics (searched by title or id) or accounts (by title), paged. */
export const statsOptionSource = (client: ApiClient, kind: 'profiles' | 'accounts') =>
  kind === 'profiles'
    ? titledSource(client, queryKeys.profilesStats.options(), API_PATHS.profilesStatsOptions, { searchesIds: true })
    : titledSource(client, queryKeys.accountStats.options(), API_PATHS.accountStatsOptions);
