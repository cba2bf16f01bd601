import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BACKTEST_PATHS, type BacktestTradeRow, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getBacktestTrades = (client: ApiClient, id: string, params: Record<string, QueryValue>) =>
  client.get<Paginated<BacktestTradeRow>>(BACKTEST_PATHS.trades(id), { params });

export const backtestTradesQueryOptions = (client: ApiClient, id: string, params: Record<string, QueryValue>) =>
  queryOptions({ queryKey: queryKeys.backtests.trades(id, params), queryFn: () => getBacktestTrades(client, id, params), placeholderData: keepPreviousData });

export const useBacktestTrades = (id: string, params: Record<string, QueryValue>, enabled = true) =>
  useQuery({ ...backtestTradesQueryOptions(useApiClient(), id, params), enabled });
