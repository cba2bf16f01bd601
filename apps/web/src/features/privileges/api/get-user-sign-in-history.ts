import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type SignInAttempt } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import type { QueryValue } from '../../../api/build-query';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getUserSignInHistory = (client: ApiClient, userId: number, query: Record<string, QueryValue>) =>
  client.get<Paginated<SignInAttempt>>(API_PATHS.userSignInHistory(userId), { params: query });

export const userSignInHistoryQueryOptions = (client: ApiClient, userId: number, query: Record<string, QueryValue>) =>
  queryOptions({ queryKey: queryKeys.sessions.userSignIns(userId, query), queryFn: () => getUserSignInHistory(client, userId, query), placeholderData: keepPreviousData });

export const useUserSignInHistory = (userId: number, query: Record<string, QueryValue>) => useQuery(userSignInHistoryQueryOptions(useApiClient(), userId, query));
