import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AccountStatsRow, type Paginated, type ProfileStatsRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { titledSource } from '../../../ui/picker/option-sources';

export const profilesStatsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['profiles-stats', 'list', query],
    queryFn: () => client.get<Paginated<ProfileStatsRow>>(API_PATHS.profilesStats, { params: query }),
    placeholderData: keepPreviousData,
  });

export const useProfilesStats = (query: Record<string, QueryValue>) => useQuery(profilesStatsQueryOptions(useApiClient(), query));

export const accountStatsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['account-stats', 'list', query],
    queryFn: () => client.get<Paginated<AccountStatsRow>>(API_PATHS.accountStats, { params: query }),
    placeholderData: keepPreviousData,
  });

export const useAccountStats = (query: Record<string, QueryValue>) => useQuery(accountStatsQueryOptions(useApiClient(), query));

/** The filters' rows: profiles with statistics (searched by title or id) or accounts (by title), paged. */
export const statsOptionSource = (client: ApiClient, kind: 'profiles' | 'accounts') =>
  titledSource(client, kind === 'profiles' ? API_PATHS.profilesStatsOptions : API_PATHS.accountStatsOptions, { searchesIds: kind === 'profiles' });
