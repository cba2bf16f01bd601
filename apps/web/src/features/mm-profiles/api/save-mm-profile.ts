import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type MmProfileRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The MM profile form. */
export interface MmProfileForm {
  title: string;
  max_signals_amount: number;
  max_factor_amount: number;
  all_signals_quota: number;
  exchange_account: number;
}

export const createMmProfile = (client: ApiClient, body: MmProfileForm) => client.post<MmProfileRow>(API_PATHS.mmProfiles, body);
export const updateMmProfile = (client: ApiClient, id: number, body: MmProfileForm) => client.put<MmProfileRow>(API_PATHS.mmProfile(id), body);

export function useSaveMmProfile(id: number | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MmProfileForm) => (id === null ? createMmProfile(client, body) : updateMmProfile(client, id, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mmProfiles.all }),
  });
}
