import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type ProfileStatsRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** One strategy profile's statistics: the stats list filtered to its id (a page of one row, or none). */
export const getProfileStats = (client: ApiClient, profileId: number) =>
  client.get<Paginated<ProfileStatsRow>>(API_PATHS.profilesStats, { params: { profile_id__in: String(profileId) } });

export const profileStatsQueryOptions = (client: ApiClient, profileId: number) =>
  queryOptions({ queryKey: queryKeys.profilesStats.detail(profileId), queryFn: () => getProfileStats(client, profileId) });

export const useProfileStats = (profileId: number) => useQuery(profileStatsQueryOptions(useApiClient(), profileId));
