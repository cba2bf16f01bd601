import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type ManagedUser } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

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
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
      ]),
  });
}
