import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { groupsQueryOptions } from './get-groups';
import { usersQueryOptions } from './get-users';

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
        queryClient.invalidateQueries({ queryKey: usersQueryOptions(client).queryKey }),
        queryClient.invalidateQueries({ queryKey: groupsQueryOptions(client).queryKey }),
      ]),
  });
}
