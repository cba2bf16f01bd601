import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CANDLE_IMPORT_POLL_INTERVAL_MS, MARKET_DATA_PATHS, type CandleImportAnswer } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getCandleImport = (client: ApiClient, id: string) => client.get<CandleImportAnswer>(MARKET_DATA_PATHS.importTask(id));

const ended = (task: CandleImportAnswer | undefined) => task?.status === 'SUCCESS' || task?.status === 'FAILURE';

export const candleImportQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.marketData.importTask(id),
    queryFn: () => getCandleImport(client, id),
    // Polled until the worker ends the task.
    refetchInterval: (query) => (ended(query.state.data) ? false : CANDLE_IMPORT_POLL_INTERVAL_MS),
  });

/** An import's state while it runs; once it ends the coverage is read again. */
export function useCandleImport(id: string | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({ ...candleImportQueryOptions(client, id ?? ''), enabled: id !== null });
  const done = ended(query.data);
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: queryKeys.marketData.coverage() });
  }, [done, queryClient]);
  return query;
}
