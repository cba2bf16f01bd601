import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API_PATHS, MAX_PAGE_SIZE, type Paginated, type TradingPair } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getPairs = (client: ApiClient, page: number) => client.get<Paginated<TradingPair>>(API_PATHS.pairs, { params: { page_size: MAX_PAGE_SIZE, page } });

/** Every pair, a page of MAX_PAGE_SIZE at a time; the block asks for more near the bottom of its scroll. */
export const pairsQueryOptions = (client: ApiClient) =>
  infiniteQueryOptions({
    queryKey: queryKeys.pairs.list(),
    queryFn: ({ pageParam }) => getPairs(client, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

export const usePairs = () => useInfiniteQuery(pairsQueryOptions(useApiClient()));
