import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type StrategyProfileRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { pollRowsUnderWay, useStreamLive } from '../../../live/fallback-poll';

export const getStrategyProfiles = (client: ApiClient, query: Record<string, QueryValue>) => client.get<Paginated<StrategyProfileRow>>(API_PATHS.strategyProfiles, { params: query });

export const strategyProfilesQueryOptions = (client: ApiClient, query: Record<string, QueryValue> = {}, live = false) =>
  queryOptions({
    queryKey: queryKeys.strategyProfiles.list(query),
    queryFn: () => getStrategyProfiles(client, query),
    placeholderData: keepPreviousData,
    // A start or stop the engine has yet to confirm arrives on the stream, or by a slow poll without it.
    refetchInterval: (q) => pollRowsUnderWay(live, q.state.data),
  });

export const useStrategyProfiles = (query: Record<string, QueryValue>) => useQuery(strategyProfilesQueryOptions(useApiClient(), query, useStreamLive()));
