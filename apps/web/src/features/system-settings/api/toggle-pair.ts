import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type TradingPair } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { pairsQueryOptions } from './get-pairs';

/** The pair without its id, is_active flipped. */
export const togglePair = (client: ApiClient, pair: TradingPair) => client.put<TradingPair>(API_PATHS.pair(pair.id), { ticker: pair.ticker, is_active: !pair.is_active });

/** The saved pair replaces its row in the loaded pages, so the list keeps its place. */
export function useTogglePair() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pair: TradingPair) => togglePair(client, pair),
    onSuccess: (saved) =>
      queryClient.setQueryData(pairsQueryOptions(client).queryKey, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, results: page.results.map((p) => (p.id === saved.id ? saved : p)) })) },
      ),
  });
}
