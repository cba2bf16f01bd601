import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type StrategyProfileRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** `POST strategies/profiles/`: a draft; the wizard fills in the rest. */
export interface NewStrategyProfile {
  title: string;
  template?: number | null;
  mm_profile?: number | null;
  tickers?: number | null;
}

export const createStrategyProfile = (client: ApiClient, body: NewStrategyProfile) => client.post<StrategyProfileRow>(API_PATHS.strategyProfiles, body);

export function useCreateStrategyProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewStrategyProfile) => createStrategyProfile(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all }),
  });
}
