import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, TICKER_CONFIG_TARGET_STATUSES, type TickerConfig } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useCommandMutation, type CommandSend } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export type TickerConfigTargetStatus = (typeof TICKER_CONFIG_TARGET_STATUSES)[number];

export interface NewTickerConfig {
  title: string;
  status: TickerConfigTargetStatus;
  pairs: number[];
}

/** A PUT carries the status alone (the toggle), or the title and pairs (the row's Save). */
export type TickerConfigChange = { id: number } & Partial<NewTickerConfig>;

export const createTickerConfig = (client: ApiClient, body: NewTickerConfig) => client.post<TickerConfig>(API_PATHS.tickerConfigs, body);

export const updateTickerConfig = (client: ApiClient, { id, ...body }: TickerConfigChange, send?: CommandSend) => client.put<TickerConfig>(API_PATHS.tickerConfig(id), body, send);

export function useCreateTickerConfig() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTickerConfig) => createTickerConfig(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickerConfigs.all }),
  });
}

/** A status change (start, stop) is an engine command: the PUT is sent as one, with its Idempotency-Key. */
export function useUpdateTickerConfig() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: (change: TickerConfigChange, send) => updateTickerConfig(client, change, send),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickerConfigs.all }),
  });
}
