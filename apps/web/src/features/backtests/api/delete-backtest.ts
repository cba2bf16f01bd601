import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKTEST_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const deleteBacktest = (client: ApiClient, id: string) => client.delete<void>(BACKTEST_PATHS.one(id));

export function useDeleteBacktest() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteBacktest(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backtests.all }),
  });
}
