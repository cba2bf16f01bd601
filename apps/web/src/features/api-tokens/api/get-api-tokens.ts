import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type ApiTokenList } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getApiTokens = (client: ApiClient) => client.get<ApiTokenList>(API_PATHS.apiTokens);

export const apiTokensQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.apiTokens.own(), queryFn: () => getApiTokens(client) });

export const useApiTokens = () => useQuery(apiTokensQueryOptions(useApiClient()));
