import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BACKTEST_PATHS, type CandleBar, type CandleTimeframe } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getBacktestCandles = (client: ApiClient, id: string, pair: string, timeframe: CandleTimeframe) =>
  client.get<CandleBar[]>(BACKTEST_PATHS.candles(id), { params: { pair, timeframe } });

/** A run's candles never change (the store's minutes of its period, or its seed's model): read once. */
export const backtestCandlesQueryOptions = (client: ApiClient, id: string, pair: string | undefined, timeframe: CandleTimeframe) =>
  queryOptions({
    queryKey: queryKeys.backtests.candles(id, pair ?? '', timeframe),
    queryFn: () => getBacktestCandles(client, id, pair!, timeframe),
    enabled: !!pair,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

/** The bars of one of the run's pairs over its period, from the market it ran on. */
export const useBacktestCandles = (id: string, pair: string | undefined, timeframe: CandleTimeframe) => useQuery(backtestCandlesQueryOptions(useApiClient(), id, pair, timeframe));
