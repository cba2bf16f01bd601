import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_DATA_PATHS, type CandleBar, type CandleTimeframe } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface CandlesRequest {
  exchange: string;
  symbol: string;
  timeframe: CandleTimeframe;
  /** UTC instants, both included. */
  from: string;
  to: string;
}

export const getCandles = (client: ApiClient, request: CandlesRequest) => client.get<CandleBar[]>(MARKET_DATA_PATHS.candles, { params: { ...request } });

/** Nothing is asked for before a market and a range are applied. */
export const candlesQueryOptions = (client: ApiClient, request: CandlesRequest | null) =>
  queryOptions({
    queryKey: queryKeys.marketData.candles(request ? { ...request } : null),
    queryFn: () => getCandles(client, request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

export const useCandles = (request: CandlesRequest | null) => useQuery(candlesQueryOptions(useApiClient(), request));
