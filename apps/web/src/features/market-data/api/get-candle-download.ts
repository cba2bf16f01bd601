import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CANDLE_IMPORT_POLL_INTERVAL_MS, MARKET_DATA_PATHS, type CandleDownloadAnswer } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getCandleDownload = (client: ApiClient, id: string) => client.get<CandleDownloadAnswer>(MARKET_DATA_PATHS.downloadTask(id));

const ended = (task: CandleDownloadAnswer | undefined) => task?.status === 'SUCCESS' || task?.status === 'FAILURE';

export const candleDownloadQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.marketData.downloadTask(id),
    queryFn: () => getCandleDownload(client, id),
    // Polled until the worker ends the task, retries included.
    refetchInterval: (query) => (ended(query.state.data) ? false : CANDLE_IMPORT_POLL_INTERVAL_MS),
  });

/** A download's state while it runs; once it ends the coverage is read again. */
export function useCandleDownload(id: string | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const query = useQuery({ ...candleDownloadQueryOptions(client, id ?? ''), enabled: id !== null });
  const done = ended(query.data);
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: queryKeys.marketData.coverage() });
  }, [done, queryClient]);
  return query;
}
