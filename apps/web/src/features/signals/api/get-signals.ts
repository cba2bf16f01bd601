import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type SignalRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { pollRowsUnderWay, useStreamLive } from '../../../live/fallback-poll';

/** A row as the API sends it; at Limited only the group's fields (and the id) are present. */
export type Signal = Partial<SignalRow> & { id: string };

/** `live`: whether the console's stream is live (then no timer: its events refresh the rows under way). */
export const signalsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>, live = false) =>
  queryOptions({
    queryKey: queryKeys.signals.list(query),
    queryFn: () => client.get<Paginated<Signal>>(API_PATHS.signals, { params: query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollRowsUnderWay(live, q.state.data),
  });

export const useSignals = (query: Record<string, QueryValue>) => useQuery(signalsQueryOptions(useApiClient(), query, useStreamLive()));
