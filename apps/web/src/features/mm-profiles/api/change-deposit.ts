import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type DepositOperation, type MmDepositInfo } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface DepositChange {
  size: number;
  operation_type: DepositOperation;
}

export const changeDeposit = (client: ApiClient, body: DepositChange) => client.post<MmDepositInfo>(API_PATHS.changeMmDeposit, body);

/** Every profile's quotas move, and with them the chips and the summary: the whole feature reloads. */
export function useChangeDeposit() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositChange) => changeDeposit(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.mmProfiles.all }),
  });
}
