import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionsEnded } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** 'End all sessions' of a user (a lost laptop): each is signed out at its next request. */
export const endUserSessions = (client: ApiClient, userId: number) => client.post<SessionsEnded>(API_PATHS.endUserSessions(userId));

/** 'End' on one session of a user. */
export const endUserSession = (client: ApiClient, userId: number, sessionId: string) => client.delete<SessionsEnded>(API_PATHS.userSession(userId, sessionId));

export function useEndUserSessions(userId: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
  return {
    endAll: useMutation({ mutationFn: () => endUserSessions(client, userId), onSuccess: refresh }),
    endOne: useMutation({ mutationFn: (sessionId: string) => endUserSession(client, userId, sessionId), onSuccess: refresh }),
  };
}
