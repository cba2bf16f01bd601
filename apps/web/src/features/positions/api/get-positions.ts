import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type PositionRow } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** A row as the API sends it; at Limited only the group's fields (and id) are present. */
export type Position = Partial<PositionRow> & { id: string };

export type PositionsTab = 'positions' | 'lost';

/** While a position's command is pending the list is read again every this many ms. */
const PENDING_POLL_MS = 1000;
const PENDING_STATES = new Set(['CHANGING', 'CLOSING', 'CANCELLING']);

export const getPositions = (client: ApiClient, tab: PositionsTab, query: Record<string, QueryValue>) =>
  client.get<Paginated<Position>>(tab === 'lost' ? API_PATHS.lostPositions : API_PATHS.positions, { params: query });

export const positionsQueryOptions = (client: ApiClient, tab: PositionsTab, query: Record<string, QueryValue> = {}) =>
  queryOptions({
    queryKey: tab === 'lost' ? queryKeys.lostPositions.list(query) : queryKeys.positions.list(query),
    queryFn: () => getPositions(client, tab, query),
    placeholderData: keepPreviousData,
    // Until the engine confirms (CHANGED, CLOSED) the rows are polled, so the new size shows by itself.
    refetchInterval: (query) => (query.state.data?.results.some((row) => row.action_state && PENDING_STATES.has(row.action_state)) ? PENDING_POLL_MS : false),
  });

export const usePositions = (tab: PositionsTab, query: Record<string, QueryValue>) => useQuery(positionsQueryOptions(useApiClient(), tab, query));
