import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import type { AccountStatsRow, ProfileStatsRow } from '../../../ui/trading/stats-types';

export interface StatsOption {
  id: number;
  /** Absent for a Limited group that does not see the title. */
  title?: string;
}

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

/** The filters' options: profiles (or accounts) with statistics, by title; the first 100. */
export const useStatsOptions = (kind: 'profiles' | 'accounts', enabled = true) => {
  const client = useApiClient();
  return useQuery({
    queryKey: ['stats-options', kind],
    queryFn: () => client.get<Paginated<StatsOption>>(kind === 'profiles' ? API_PATHS.profilesStatsOptions : API_PATHS.accountStatsOptions, { params: { page_size: 100 } }),
    enabled,
  });
};
