import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type OrderRow, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { pollWhileUnderWay } from '../../../api/command-poll';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** A row as the API sends it; at Limited only the group's fields (and the id) are present. */
export type Order = Partial<OrderRow> & { id: string };

export const ordersQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: () => client.get<Paginated<Order>>(API_PATHS.orders, { params: query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileUnderWay(q.state.data),
  });

export const useOrders = (query: Record<string, QueryValue>) => useQuery(ordersQueryOptions(useApiClient(), query));
