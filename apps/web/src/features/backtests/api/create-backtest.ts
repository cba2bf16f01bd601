import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKTEST_PATHS, type BacktestCreated, type BacktestMarket } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** What the New backtest form sends: absent pairs mean the profile's, absent rates the paper venue's. */
export interface BacktestRequest {
  profile_id: number;
  pairs?: number[];
  market: BacktestMarket;
  seed?: number;
  date_from: string;
  date_until: string;
  deposit: string;
  fee_rate?: string;
  slippage_rate?: string;
}

export const createBacktest = (client: ApiClient, body: BacktestRequest) => client.post<BacktestCreated>(BACKTEST_PATHS.list, body);

export function useCreateBacktest() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BacktestRequest) => createBacktest(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backtests.all }),
  });
}
