import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { BACKTEST_PATHS, type Backtest } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { hasUnfinishedRun } from './backtest-status';
import { BACKTEST_POLL_MS } from './get-backtests';

export const getBacktest = (client: ApiClient, id: string) => client.get<Backtest>(BACKTEST_PATHS.one(id));

export const backtestQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.backtests.detail(id),
    queryFn: () => getBacktest(client, id),
    refetchInterval: (query) => (query.state.data && hasUnfinishedRun([query.state.data]) ? BACKTEST_POLL_MS : false),
  });

export const useBacktest = (id: string) => useQuery(backtestQueryOptions(useApiClient(), id));

/** Several runs at once (the compare view). */
export function useBacktestsByIds(ids: readonly string[]) {
  const client = useApiClient();
  return useQueries({ queries: ids.map((id) => backtestQueryOptions(client, id)) });
}
