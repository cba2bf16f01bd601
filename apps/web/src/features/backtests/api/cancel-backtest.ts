import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKTEST_PATHS, type Backtest } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const cancelBacktest = (client: ApiClient, id: string) => client.post<Backtest>(BACKTEST_PATHS.cancel(id));

export function useCancelBacktest() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelBacktest(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backtests.all }),
  });
}
