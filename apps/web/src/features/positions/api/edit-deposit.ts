import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type AccountAdminMetrics, type DepositEdit } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const editDeposit = (client: ApiClient, accountId: number, body: DepositEdit) => client.put<AccountAdminMetrics>(API_PATHS.accountDeposit(accountId), body);

export function useEditDeposit() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, body }: { accountId: number; body: DepositEdit }) => editDeposit(client, accountId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.positions.all }),
  });
}
