import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type BotStatus, type SystemStatus } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useCommandMutation, type CommandSend } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** While the engine has a switch to confirm, the status is asked again this often. */
const CHANGING_POLL_MS = 3000;

export const getSystemStatus = (client: ApiClient) => client.get<SystemStatus>(API_PATHS.systemStatus);
export const setSystemStatus = (client: ApiClient, status: BotStatus, send?: CommandSend) => client.post<SystemStatus>(API_PATHS.systemStatus, { status }, send);

export const systemStatusQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: queryKeys.botStatus.detail(),
    queryFn: () => getSystemStatus(client),
    refetchInterval: (query) => (query.state.data?.action_state === 'CHANGING' ? CHANGING_POLL_MS : false),
  });

export const useSystemStatus = (enabled: boolean) => useQuery({ ...systemStatusQueryOptions(useApiClient()), enabled });

export function useSetSystemStatus() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: (status: BotStatus, send) => setSystemStatus(client, status, send),
    onSuccess: (answer) => queryClient.setQueryData(systemStatusQueryOptions(client).queryKey, answer),
  });
}
