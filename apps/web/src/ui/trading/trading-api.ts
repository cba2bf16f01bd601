import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type EngineCommandState, type OrderRow, type Paginated, type SignalRow } from '@console/contracts';
import type { QueryValue } from '../../api/build-query';
import type { ApiClient } from '../../api/client';
import { useCommandMutation } from '../../api/command-mutation';
import { useApiClient } from '../../api/context';
import { queryKeys } from '../../api/query-keys';

/** A row as the API sends it; at Limited only the group's fields (and the id) are present. */
export type Signal = Partial<SignalRow> & { id: string };
export type Order = Partial<OrderRow> & { id: string };

/** While a row shows a command under way, the list is asked again this often, until the engine reports. */
const COMMAND_POLL_MS = 2000;
const UNDER_WAY = new Set(['CANCELLING', 'CLOSING', 'CHANGING']);

const pollWhileUnderWay = (page: Paginated<{ action_state?: string }> | undefined) =>
  page?.results.some((row) => row.action_state !== undefined && UNDER_WAY.has(row.action_state)) ? COMMAND_POLL_MS : false;

export const signalsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.signals.list(query),
    queryFn: () => client.get<Paginated<Signal>>(API_PATHS.signals, { params: query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileUnderWay(q.state.data),
  });

export const useSignals = (query: Record<string, QueryValue>) => useQuery(signalsQueryOptions(useApiClient(), query));

export const ordersQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.orders.list(query),
    queryFn: () => client.get<Paginated<Order>>(API_PATHS.orders, { params: query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileUnderWay(q.state.data),
  });

export const useOrders = (query: Record<string, QueryValue>) => useQuery(ordersQueryOptions(useApiClient(), query));

/** Cancel a signal or an order: an engine command; the list shows CANCELLING at once and polls until it is done. */
export function useCancel(target: 'signal' | 'order') {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useCommandMutation({
    mutationFn: (id: string, send) => client.post<EngineCommandState>(target === 'signal' ? API_PATHS.cancelSignal(id) : API_PATHS.cancelOrder(id), undefined, send),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.signals.all }), queryClient.invalidateQueries({ queryKey: queryKeys.orders.all })]),
  });
}
