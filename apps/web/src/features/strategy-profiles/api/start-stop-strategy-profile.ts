import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type StrategyProfileRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useCommandMutation, type CommandSend } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Start and stop are separate engine commands; the answer already shows active or stopping. */
export type EngineCommand = 'start' | 'stop';

export const runStrategyProfileCommand = (client: ApiClient, id: number, command: EngineCommand, send?: CommandSend) =>
  client.put<StrategyProfileRow>(command === 'start' ? API_PATHS.startStrategyProfile(id) : API_PATHS.stopStrategyProfile(id), undefined, send);

export function useStrategyProfileCommand() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: ({ id, command }: { id: number; command: EngineCommand }, send) => runStrategyProfileCommand(client, id, command, send),
    // The spec refreshes the profile after either call.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all }),
  });
}
