import { useMutation } from '@tanstack/react-query';
import { MARKET_DATA_PATHS, type CandleDownloadInput, type CandleImportStarted } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';

/** Asks the worker to fetch a range of a symbol from its exchange; answers the download task's id. */
export const startCandleDownload = (client: ApiClient, request: CandleDownloadInput) => client.post<CandleImportStarted>(MARKET_DATA_PATHS.downloads, request);

export function useStartCandleDownload() {
  const client = useApiClient();
  return useMutation({ mutationFn: (request: CandleDownloadInput) => startCandleDownload(client, request) });
}
