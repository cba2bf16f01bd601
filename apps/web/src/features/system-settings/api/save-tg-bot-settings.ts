import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type TgBotSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { tgBotSettingsQueryOptions } from './get-tg-bot-settings';

export interface TgBotSettingsInput {
  token: string;
  chat_id: string;
}

/** Create when both fields were empty, otherwise update. */
export const saveTgBotSettings = (client: ApiClient, body: TgBotSettingsInput, create: boolean) =>
  create ? client.post<TgBotSettings>(API_PATHS.tgBotSettings, body) : client.put<TgBotSettings>(API_PATHS.tgBotSettings, body);

export function useSaveTgBotSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, create }: { body: TgBotSettingsInput; create: boolean }) => saveTgBotSettings(client, body, create),
    onSuccess: (saved) => queryClient.setQueryData(tgBotSettingsQueryOptions(client).queryKey, saved),
  });
}
