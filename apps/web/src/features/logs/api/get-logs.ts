import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type LogEntry, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** A row of the logs list: the id always, the other fields as the group's perm opens them. */
export type LogRow = Pick<LogEntry, 'id'> & Partial<LogEntry>;

export const getLogs = (client: ApiClient, params: Record<string, QueryValue>) => client.get<Paginated<LogRow>>(API_PATHS.logs, { params });

export const logsQueryOptions = (client: ApiClient, params: Record<string, QueryValue>) =>
  queryOptions({ queryKey: queryKeys.logs.list(params), queryFn: () => getLogs(client, params), placeholderData: keepPreviousData });

export const useLogs = (params: Record<string, QueryValue>) => useQuery(logsQueryOptions(useApiClient(), params));
