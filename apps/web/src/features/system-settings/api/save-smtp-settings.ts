import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SmtpSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { smtpSettingsQueryOptions } from './get-smtp-settings';

/** The password may be the mask from GET: the stored one is kept. */
export const saveSmtpSettings = (client: ApiClient, body: SmtpSettings) => client.put<SmtpSettings>(API_PATHS.smtpSettings, body);

export function useSaveSmtpSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmtpSettings) => saveSmtpSettings(client, body),
    onSuccess: (saved) => queryClient.setQueryData(smtpSettingsQueryOptions(client).queryKey, saved),
  });
}
