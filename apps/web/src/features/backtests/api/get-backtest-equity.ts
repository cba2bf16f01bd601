import { queryOptions, useQueries } from '@tanstack/react-query';
import { BACKTEST_PATHS, type BacktestEquityPoint } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getBacktestEquity = (client: ApiClient, id: string) => client.get<BacktestEquityPoint[]>(BACKTEST_PATHS.equity(id));

export const backtestEquityQueryOptions = (client: ApiClient, id: string) => queryOptions({ queryKey: queryKeys.backtests.equity(id), queryFn: () => getBacktestEquity(client, id) });

/** The curves of finished runs (one on a run's page, several in the compare view); a run still going has none yet. */
export function useBacktestEquities(ids: readonly string[], enabled = true) {
  const client = useApiClient();
  return useQueries({ queries: ids.map((id) => ({ ...backtestEquityQueryOptions(client, id), enabled })) });
}
