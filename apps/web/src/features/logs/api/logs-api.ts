import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API_PATHS, type LogEntry, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import type { QueryValue } from '../../../api/build-query';

/** A row of the logs list: the id always, the other fields as the group's perm opens them. */
export type LogRow = Pick<LogEntry, 'id'> & Partial<LogEntry>;

export interface FilterOption {
  id: number;
  name: string;
}

export const logsQuery = (client: ApiClient, params: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: ['logs', 'list', params],
    queryFn: () => client.get<Paginated<LogRow>>(API_PATHS.logs, { params }),
    placeholderData: keepPreviousData,
  });

/** Searchable pair or profile options, a page at a time (the list loads more near its bottom). */
export const logFilterOptionsQuery = (client: ApiClient, field: 'pair' | 'profile', search: string) =>
  infiniteQueryOptions({
    queryKey: ['logs', 'filter-options', field, search],
    queryFn: ({ pageParam }) => client.get<Paginated<FilterOption>>(API_PATHS.logFilterOptions, { params: { field, search, page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** One option by id: the name of a filter that came in through the query string (?pair=, ?profile=). */
export const logFilterOptionQuery = (client: ApiClient, field: 'pair' | 'profile', id: number) =>
  queryOptions({
    queryKey: ['logs', 'filter-option', field, id],
    queryFn: async () => (await client.get<Paginated<FilterOption>>(API_PATHS.logFilterOptions, { params: { field, id } })).results[0] ?? null,
    staleTime: Infinity,
  });
