import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type ManagedUser } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const changeUserGroup = (client: ApiClient, id: number, group: number) => client.put<ManagedUser>(API_PATHS.updateUserGroup(id), { group });

export function useChangeUserGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, group }: { id: number; group: number }) => changeUserGroup(client, id, group),
    // A group's users_count moves with its users.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
      ]),
  });
}
