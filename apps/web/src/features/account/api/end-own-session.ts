import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionsEnded } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** 'End' on one of the user's other sessions: it is signed out at its next request. */
export const endOwnSession = (client: ApiClient, sessionId: string) => client.delete<SessionsEnded>(API_PATHS.ownSession(sessionId));

export function useEndOwnSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => endOwnSession(client, sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  });
}
