import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type Perm, type PrivilegeGroup } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export type PermInput = Pick<Perm, 'section_name' | 'status' | 'fields' | 'filtering' | 'sorting' | 'is_only_finished' | 'signals_count'>;

export interface GroupInput {
  name: string;
  perms: PermInput[];
}

/** Creates a group, or replaces the one with `id`. */
export const saveGroup = (client: ApiClient, body: GroupInput, id?: number) =>
  id ? client.put<PrivilegeGroup>(API_PATHS.group(id), body) : client.post<PrivilegeGroup>(API_PATHS.groups, body);

export function useSaveGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: { body: GroupInput; id?: number }) => saveGroup(client, body, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
  });
}
