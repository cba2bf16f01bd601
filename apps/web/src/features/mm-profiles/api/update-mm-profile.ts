import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import type { MmProfile } from './get-mm-profiles';

/** The list's PUTs: `status` alone (start with active, stop with inactive) or `is_show` alone. */
export type MmProfileSwitch = { id: number } & ({ status: 'active' | 'inactive' } | { is_show: boolean });

export const switchMmProfile = (client: ApiClient, { id, ...body }: MmProfileSwitch) => client.put<MmProfile>(API_PATHS.mmProfile(id), body);

export function useSwitchMmProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MmProfileSwitch) => switchMmProfile(client, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mm-profiles'] }),
  });
}
