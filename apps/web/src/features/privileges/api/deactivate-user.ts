import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** 'Delete' on the users screen: the user is deactivated and signed out; the row and its history stay. */
export const deactivateUser = (client: ApiClient, id: number) => client.delete(API_PATHS.user(id));

export function useDeactivateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deactivateUser(client, id),
    // A group's users_count moves with its users.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
      ]),
  });
}
