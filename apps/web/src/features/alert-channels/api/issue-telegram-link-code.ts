import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type TelegramLinkState } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const issueTelegramLinkCode = (client: ApiClient) => client.post<TelegramLinkState>(API_PATHS.telegramLink);

export function useIssueTelegramLinkCode() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueTelegramLinkCode(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.alertChannels.telegramLink() }),
  });
}
