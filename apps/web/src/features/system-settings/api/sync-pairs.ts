import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type PairsSyncResult } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Sync with the exchange's instrument list: an empty body. */
export const syncPairs = (client: ApiClient) => client.post<PairsSyncResult>(API_PATHS.pairs);

export function useSyncPairs() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncPairs(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pairs.all }),
  });
}
