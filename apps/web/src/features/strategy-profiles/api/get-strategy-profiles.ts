import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type StrategyProfileRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** While a profile shows 'starting' or 'stopping', it is asked again this often. */
export const CHANGING_POLL_MS = 3000;

export const getStrategyProfiles = (client: ApiClient, query: Record<string, QueryValue>) => client.get<Paginated<StrategyProfileRow>>(API_PATHS.strategyProfiles, { params: query });

export const strategyProfilesQueryOptions = (client: ApiClient, query: Record<string, QueryValue> = {}) =>
  queryOptions({
    queryKey: queryKeys.strategyProfiles.list(query),
    queryFn: () => getStrategyProfiles(client, query),
    placeholderData: keepPreviousData,
    // A row whose start or stop the engine has yet to confirm is asked again until it has.
    refetchInterval: (q) => (q.state.data?.results.some((row) => row.action_state === 'CHANGING') ? CHANGING_POLL_MS : false),
  });

export const useStrategyProfiles = (query: Record<string, QueryValue>) => useQuery(strategyProfilesQueryOptions(useApiClient(), query));
