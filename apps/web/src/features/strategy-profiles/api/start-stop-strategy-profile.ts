import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS, STRATEGY_PROFILE_UI, type StrategyProfileRow } from '@console/contracts';
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

/** The engine's answer to a start or stop: done, refused, or none yet when the wait ran out. */
export type EngineAnswer = 'done' | 'refused' | 'waiting';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the engine to carry out the start or stop the API accepted: the profile shows CHANGING until
 * then, CHANGED when it was done, and NONE again when the engine refused (its reason goes to the logs).
 * The API answers with the profile as it stands, so an engine as quick as the request needs no read more.
 */
export async function awaitEngineAnswer(
  client: ApiClient,
  accepted: StrategyProfileRow,
  { intervalMs = 1_000, waitMs = STRATEGY_PROFILE_UI.engineAnswerWaitMs }: { intervalMs?: number; waitMs?: number } = {},
): Promise<EngineAnswer> {
  const until = Date.now() + waitMs;
  let row = accepted;
  while (row.action_state === 'CHANGING') {
    if (Date.now() >= until) return 'waiting';
    await sleep(intervalMs);
    row = await client.get<StrategyProfileRow>(API_PATHS.strategyProfile(accepted.id));
  }
  return row.action_state === 'CHANGED' ? 'done' : 'refused';
}
