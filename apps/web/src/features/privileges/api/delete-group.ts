import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const deleteGroup = (client: ApiClient, id: number) => client.delete(API_PATHS.group(id));

export function useDeleteGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteGroup(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
  });
}
