import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionsEnded } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** 'End all other sessions': every session but this one. */
export const endOtherSessions = (client: ApiClient) => client.post<SessionsEnded>(API_PATHS.endOtherSessions);

export function useEndOtherSessions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endOtherSessions(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  });
}
