import { matchQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type TradingPair } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { pairsQueryOptions } from './get-pairs';

/** The pair without its id, is_active flipped. */
export const togglePair = (client: ApiClient, pair: TradingPair) => client.put<TradingPair>(API_PATHS.pair(pair.id), { ticker: pair.ticker, is_active: !pair.is_active });

/**
 * The saved pair replaces its row in the loaded pages, so the list keeps its place without reading
 * every page again; the other lists of pairs (the active ones, the pickers) are read again.
 */
export function useTogglePair() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: TradingPair) => togglePair(client, pair),
    onSuccess: (saved) => {
      const list = pairsQueryOptions(client).queryKey;
      queryClient.setQueryData(list, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, results: page.results.map((p) => (p.id === saved.id ? saved : p)) })) },
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.pairs.all, predicate: (query) => !matchQuery({ queryKey: list, exact: true }, query) });
    },
  });
}
