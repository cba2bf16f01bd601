import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import type { StrategyProfile } from './get-strategy-profiles';

/** The list's PUT: the visibility checkbox sends `is_show` alone. */
export interface StrategyProfileVisibility {
  id: number;
  is_show: boolean;
}

export const updateStrategyProfileVisibility = (client: ApiClient, { id, is_show }: StrategyProfileVisibility) =>
  client.put<StrategyProfile>(API_PATHS.strategyProfile(id), { is_show });

export function useUpdateStrategyProfileVisibility() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StrategyProfileVisibility) => updateStrategyProfileVisibility(client, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all }),
  });
}
