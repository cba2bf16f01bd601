import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type CreateApiToken, type CreatedApiToken } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const createApiToken = (client: ApiClient, body: CreateApiToken) => client.post<CreatedApiToken>(API_PATHS.apiTokens, body);

export function useCreateApiToken() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiToken) => createApiToken(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
