import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKTEST_PATHS, type StrategySettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const promoteBacktest = (client: ApiClient, id: string) => client.post<StrategySettings>(BACKTEST_PATHS.promote(id));

/** Writes the run's settings into its profile: the profile's cached settings are stale after it. */
export function usePromoteBacktest() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => promoteBacktest(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all }),
  });
}
