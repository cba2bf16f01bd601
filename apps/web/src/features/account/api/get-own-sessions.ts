import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type UserSessionList } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getOwnSessions = (client: ApiClient) => client.get<UserSessionList>(API_PATHS.ownSessions);

export const ownSessionsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.sessions.own(), queryFn: () => getOwnSessions(client) });

export const useOwnSessions = () => useQuery(ownSessionsQueryOptions(useApiClient()));
