import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@console/contracts';
import { pickerKeys } from '../../api/query-keys';
import type { OptionSource } from './option-sources';

/** The pages of a source's options for one search, LIMITS.autocompletePageSize at a time. */
export const pickerPagesQueryOptions = ({ queryKey, fetchPage }: OptionSource, search: string) =>
  infiniteQueryOptions({
    queryKey: pickerKeys.page(queryKey, search),
    queryFn: ({ pageParam }) => fetchPage({ search, page: pageParam, page_size: LIMITS.autocompletePageSize }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.next ? all.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** The names of picked ids that no loaded page holds; a name does not change while the picker is open. */
export const pickerNamesQueryOptions = ({ queryKey, fetchNamed }: OptionSource, ids: number[]) =>
  queryOptions({
    queryKey: pickerKeys.named(queryKey, ids),
    queryFn: () => fetchNamed!(ids),
    staleTime: Infinity,
  });

export const usePickerPages = (source: OptionSource, search: string, enabled: boolean) => useInfiniteQuery({ ...pickerPagesQueryOptions(source, search), enabled });

export const usePickerNames = (source: OptionSource, ids: number[], enabled: boolean) =>
  useQuery({ ...pickerNamesQueryOptions(source, ids), enabled: enabled && source.fetchNamed !== undefined && ids.length > 0 });
