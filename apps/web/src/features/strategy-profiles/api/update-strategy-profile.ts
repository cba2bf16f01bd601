import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type StrategyProfileRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The list's PUT: the visibility checkbox sends `is_show` alone. */
export interface StrategyProfileVisibility {
  id: number;
  is_show: boolean;
}

export const updateStrategyProfileVisibility = (client: ApiClient, { id, is_show }: StrategyProfileVisibility) =>
  client.put<StrategyProfileRow>(API_PATHS.strategyProfile(id), { is_show });

export function useUpdateStrategyProfileVisibility() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StrategyProfileVisibility) => updateStrategyProfileVisibility(client, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all }),
  });
}
