import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type ConnectionTestAnswer } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';

/** Asks the exchange for the account's balance with its stored keys; the answer is the exchange's, never the secret. */
export const testExchangeConnection = (client: ApiClient, id: number) => client.post<ConnectionTestAnswer>(API_PATHS.exchangeAccountTestConnection(id), {});

export function useTestExchangeConnection() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: number) => testExchangeConnection(client, id) });
}
