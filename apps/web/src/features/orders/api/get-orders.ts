import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type OrderRow, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { pollRowsUnderWay, useStreamLive } from '../../../live/fallback-poll';

/** A row as the API sends it; at Limited only the group's fields (and the id) are present. */
export type Order = Partial<OrderRow> & { id: string };

/** `live`: whether the console's stream is live (then no timer: its events refresh the rows under way). */
export const ordersQueryOptions = (client: ApiClient, query: Record<string, QueryValue>, live = false) =>
  queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: () => client.get<Paginated<Order>>(API_PATHS.orders, { params: query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollRowsUnderWay(live, q.state.data),
  });

export const useOrders = (query: Record<string, QueryValue>) => useQuery(ordersQueryOptions(useApiClient(), query, useStreamLive()));
