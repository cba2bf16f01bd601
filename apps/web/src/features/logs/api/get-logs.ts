import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type LogRow, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getLogs = (client: ApiClient, params: Record<string, QueryValue>) => client.get<Paginated<LogRow>>(API_PATHS.logs, { params });

export const logsQueryOptions = (client: ApiClient, params: Record<string, QueryValue>) =>
  queryOptions({ queryKey: queryKeys.logs.list(params), queryFn: () => getLogs(client, params), placeholderData: keepPreviousData });

export const useLogs = (params: Record<string, QueryValue>) => useQuery(logsQueryOptions(useApiClient(), params));
