import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BACKTEST_PATHS, type BacktestRow, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { hasUnfinishedRun } from './backtest-status';

/** While a run waits or runs, the list asks again this often, so its progress bar moves. */
export const BACKTEST_POLL_MS = 1000;

export const getBacktests = (client: ApiClient, params: Record<string, QueryValue>) => client.get<Paginated<BacktestRow>>(BACKTEST_PATHS.list, { params });

export const backtestsQueryOptions = (client: ApiClient, params: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.backtests.list(params),
    queryFn: () => getBacktests(client, params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasUnfinishedRun(query.state.data?.results ?? []) ? BACKTEST_POLL_MS : false),
  });

export const useBacktests = (params: Record<string, QueryValue>) => useQuery(backtestsQueryOptions(useApiClient(), params));
