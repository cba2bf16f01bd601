import { useMutation } from '@tanstack/react-query';
import { MARKET_DATA_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';

export interface CandleImportRequest {
  exchange: string;
  symbol: string;
  files: readonly File[];
}

/** The files as multipart, each under `files`; answers the import task's id. */
export function startCandleImport(client: ApiClient, request: CandleImportRequest) {
  const form = new FormData();
  form.append('exchange', request.exchange);
  form.append('symbol', request.symbol);
  for (const file of request.files) form.append('files', file, file.name);
  return client.post<{ id: string }>(MARKET_DATA_PATHS.imports, form);
}

export function useStartCandleImport() {
  const client = useApiClient();
  return useMutation({ mutationFn: (request: CandleImportRequest) => startCandleImport(client, request) });
}
