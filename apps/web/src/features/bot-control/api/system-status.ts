import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type BotStatus, type SystemStatus } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useCommandMutation, type CommandSend } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { fallbackPoll, isUnderWay, useStreamLive } from '../../../live/fallback-poll';

export const getSystemStatus = (client: ApiClient) => client.get<SystemStatus>(API_PATHS.systemStatus);
export const setSystemStatus = (client: ApiClient, status: BotStatus, send?: CommandSend) => client.post<SystemStatus>(API_PATHS.systemStatus, { status }, send);

export const systemStatusQueryOptions = (client: ApiClient, live = false) =>
  queryOptions({
    queryKey: queryKeys.botStatus.detail(),
    queryFn: () => getSystemStatus(client),
    // The engine's confirmation of a switch arrives on the stream, or by a slow poll without it.
    refetchInterval: (query) => fallbackPoll(live, isUnderWay(query.state.data)),
  });

export const useSystemStatus = (enabled: boolean) => useQuery({ ...systemStatusQueryOptions(useApiClient(), useStreamLive()), enabled });

export function useSetSystemStatus() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: (status: BotStatus, send) => setSystemStatus(client, status, send),
    onSuccess: (answer) => queryClient.setQueryData(systemStatusQueryOptions(client).queryKey, answer),
  });
}
