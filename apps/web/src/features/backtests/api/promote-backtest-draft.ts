import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BACKTEST_PATHS, type StrategyProfile } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const promoteBacktestDraft = (client: ApiClient, id: string) => client.post<StrategyProfile>(BACKTEST_PATHS.promoteDraft(id), {});

/** A new draft profile with the run's settings: the profiles' cached lists are stale after it. */
export function usePromoteBacktestDraft() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => promoteBacktestDraft(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all }),
  });
}
