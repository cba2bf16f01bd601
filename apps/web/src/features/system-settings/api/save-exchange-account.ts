import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type ExchangeAccount, type ExchangeAccountInput } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Creates an account, or updates the one with `id`. */
export const saveExchangeAccount = (client: ApiClient, body: ExchangeAccountInput, id?: number) =>
  id ? client.put<ExchangeAccount>(API_PATHS.exchangeAccount(id), body) : client.post<ExchangeAccount>(API_PATHS.exchangeAccounts, body);

export function useSaveExchangeAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: ExchangeAccountInput; id?: number }) => saveExchangeAccount(client, body, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exchangeAccounts.all }),
  });
}
