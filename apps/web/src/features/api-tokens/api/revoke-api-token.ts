import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** 'Revoke': the token's next request gets 401. */
export const revokeApiToken = (client: ApiClient, id: number) => client.delete<void>(API_PATHS.apiToken(id));

export function useRevokeApiToken() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => revokeApiToken(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
