import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type SignInAttempt } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import type { QueryValue } from '../../../api/build-query';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getOwnSignInHistory = (client: ApiClient, query: Record<string, QueryValue>) => client.get<Paginated<SignInAttempt>>(API_PATHS.ownSignInHistory, { params: query });

export const ownSignInHistoryQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({ queryKey: queryKeys.sessions.ownSignIns(query), queryFn: () => getOwnSignInHistory(client, query), placeholderData: keepPreviousData });

export const useOwnSignInHistory = (query: Record<string, QueryValue>) => useQuery(ownSignInHistoryQueryOptions(useApiClient(), query));
