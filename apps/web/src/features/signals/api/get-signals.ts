import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type SignalRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { pollWhileUnderWay } from '../../../api/command-poll';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** A row as the API sends it; at Limited only the group's fields (and the id) are present. */
export type Signal = Partial<SignalRow> & { id: string };

export const signalsQueryOptions = (client: ApiClient, query: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.signals.list(query),
    queryFn: () => client.get<Paginated<Signal>>(API_PATHS.signals, { params: query }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollWhileUnderWay(q.state.data),
  });

export const useSignals = (query: Record<string, QueryValue>) => useQuery(signalsQueryOptions(useApiClient(), query));
