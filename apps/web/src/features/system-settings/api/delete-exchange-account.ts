import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const deleteExchangeAccount = (client: ApiClient, id: number) => client.delete(API_PATHS.exchangeAccount(id));

export function useDeleteExchangeAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteExchangeAccount(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exchangeAccounts.all }),
  });
}
