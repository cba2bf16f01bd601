import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type ManagedUser } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { groupsQueryOptions } from './get-groups';
import { usersQueryOptions } from './get-users';

export interface NewUserInput {
  email: string;
  password: string;
  group: number;
}

export const createUser = (client: ApiClient, body: NewUserInput) => client.post<ManagedUser>(API_PATHS.users, body);

export function useCreateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUserInput) => createUser(client, body),
    // A group's users_count moves with its users.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryOptions(client).queryKey }),
        queryClient.invalidateQueries({ queryKey: groupsQueryOptions(client).queryKey }),
      ]),
  });
}
