import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type MmProfileRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useCommandMutation, type CommandSend } from '../../../api/command-mutation';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The list's PUTs: `status` alone (start with active, stop with inactive) or `is_show` alone. */
export type MmProfileSwitch = { id: number } & ({ status: 'active' | 'inactive' } | { is_show: boolean });

export const switchMmProfile = (client: ApiClient, { id, ...body }: MmProfileSwitch, send?: CommandSend) => client.put<MmProfileRow>(API_PATHS.mmProfile(id), body, send);

export function useSwitchMmProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // A start or stop is an engine command: sent as one, with its Idempotency-Key.
  return useCommandMutation({
    mutationFn: (change: MmProfileSwitch, send) => switchMmProfile(client, change, send),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mmProfiles.all }),
  });
}
