import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type UserSessionList } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getUserSessions = (client: ApiClient, userId: number) => client.get<UserSessionList>(API_PATHS.userSessions(userId));

export const userSessionsQueryOptions = (client: ApiClient, userId: number) =>
  queryOptions({ queryKey: queryKeys.sessions.ofUser(userId), queryFn: () => getUserSessions(client, userId) });

export const useUserSessions = (userId: number) => useQuery(userSessionsQueryOptions(useApiClient(), userId));
