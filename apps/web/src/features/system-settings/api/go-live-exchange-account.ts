import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type ExchangeAccount, type GoLiveBody } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Switches an account to live with the user's current TOTP code and the account's title typed again. */
export const goLiveExchangeAccount = (client: ApiClient, id: number, body: GoLiveBody) => client.post<ExchangeAccount>(API_PATHS.exchangeAccountGoLive(id), body);

export function useGoLiveExchangeAccount() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: GoLiveBody }) => goLiveExchangeAccount(client, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.exchangeAccounts.all }),
  });
}
