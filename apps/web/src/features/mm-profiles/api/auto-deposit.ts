import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type MmAutoDeposit } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getAutoDeposit = (client: ApiClient) => client.get<MmAutoDeposit>(API_PATHS.autoMmDeposit);
export const saveAutoDeposit = (client: ApiClient, body: MmAutoDeposit) => client.put<MmAutoDeposit>(API_PATHS.autoMmDeposit, body);

export const autoDepositQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.mmProfiles.autoDeposit(), queryFn: () => getAutoDeposit(client) });

export const useAutoDeposit = () => useQuery(autoDepositQueryOptions(useApiClient()));

export function useSaveAutoDeposit() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MmAutoDeposit) => saveAutoDeposit(client, body),
    onSuccess: (saved) => queryClient.setQueryData(autoDepositQueryOptions(client).queryKey, saved),
  });
}
