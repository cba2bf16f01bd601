import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API_PATHS, type LogFilterField, type LogFilterOption, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getLogFilterOptions = (client: ApiClient, params: { field: LogFilterField; search?: string; page?: number; id?: number }) =>
  client.get<Paginated<LogFilterOption>>(API_PATHS.logFilterOptions, { params });

/** Searchable pair or profile options, a page at a time (the list loads more near its bottom). */
export const logFilterOptionsQueryOptions = (client: ApiClient, field: LogFilterField, search: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.logs.filterOptions(field, search),
    queryFn: ({ pageParam }) => getLogFilterOptions(client, { field, search, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

/** One option by id: the name of a filter that came in through the query string (?pair=, ?profile=). */
export const logFilterOptionQueryOptions = (client: ApiClient, field: LogFilterField, id: number) =>
  queryOptions({
    queryKey: queryKeys.logs.filterOption(field, id),
    queryFn: async () => (await getLogFilterOptions(client, { field, id })).results[0] ?? null,
    staleTime: Infinity,
  });

export const useLogFilterOptions = (field: LogFilterField, search: string) => useInfiniteQuery(logFilterOptionsQueryOptions(useApiClient(), field, search));

/** Asks only when told to (an option known by its id alone). */
export const useLogFilterOption = (field: LogFilterField, id: number | undefined, enabled: boolean) =>
  useQuery({ ...logFilterOptionQueryOptions(useApiClient(), field, id ?? 0), enabled });
