import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, MAX_PAGE_SIZE, type Paginated, type PairOption } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Every switched-on pair: the only ones a ticker list may hold, and what a paste is matched against. */
export async function getActivePairs(client: ApiClient): Promise<PairOption[]> {
  const pairs: PairOption[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await client.get<Paginated<PairOption>>(API_PATHS.pairOptions, { params: { is_for_active: true, page_size: MAX_PAGE_SIZE, page } });
    pairs.push(...answer.results);
    if (!answer.next) return pairs;
  }
}

export const activePairsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.pairs.active(), queryFn: () => getActivePairs(client) });

export const useActivePairs = () => useQuery(activePairsQueryOptions(useApiClient()));
