import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const deleteTickerConfig = (client: ApiClient, id: number) => client.delete(API_PATHS.tickerConfig(id));

export function useDeleteTickerConfig() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTickerConfig(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickerConfigs.all }),
  });
}
