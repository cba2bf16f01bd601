import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type AlertChannelSettings, type AlertChannelSettingsInput } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const updateAlertChannels = (client: ApiClient, body: AlertChannelSettingsInput) => client.put<AlertChannelSettings>(API_PATHS.alertChannels, body);

export function useUpdateAlertChannels() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertChannelSettingsInput) => updateAlertChannels(client, body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.alertChannels.own(), saved),
  });
}
