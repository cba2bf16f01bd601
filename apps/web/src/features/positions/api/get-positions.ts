import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type PositionRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { pollRowsUnderWay, useStreamLive } from '../../../live/fallback-poll';

/** A row as the API sends it; at Limited only the group's fields (and id) are present. */
export type Position = Partial<PositionRow> & { id: string };

export type PositionsTab = 'positions' | 'lost';

export const getPositions = (client: ApiClient, tab: PositionsTab, query: Record<string, QueryValue>) =>
  client.get<Paginated<Position>>(tab === 'lost' ? API_PATHS.lostPositions : API_PATHS.positions, { params: query });

/** `live`: whether the console's stream is live (then its events bring the engine's confirmation). */
export const positionsQueryOptions = (client: ApiClient, tab: PositionsTab, query: Record<string, QueryValue> = {}, live = false) =>
  queryOptions({
    queryKey: tab === 'lost' ? queryKeys.lostPositions.list(query) : queryKeys.positions.list(query),
    queryFn: () => getPositions(client, tab, query),
    placeholderData: keepPreviousData,
    // Until the engine confirms (CHANGED, CLOSED) the new size shows by the stream's event, or by a slow poll without it.
    refetchInterval: (q) => pollRowsUnderWay(live, q.state.data),
  });

export const usePositions = (tab: PositionsTab, query: Record<string, QueryValue>) => useQuery(positionsQueryOptions(useApiClient(), tab, query, useStreamLive()));
