import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type TelegramLinkState } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const unlinkTelegram = (client: ApiClient) => client.delete<TelegramLinkState>(API_PATHS.telegramLink);

export function useUnlinkTelegram() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unlinkTelegram(client),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.alertChannels.telegramLink(), state),
  });
}
