import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type Paginated, type TickerConfig } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getTickerConfigs = (client: ApiClient, query: Record<string, QueryValue>) =>
  client.get<Paginated<TickerConfig>>(API_PATHS.tickerConfigs, { params: query });

export const tickerConfigsQueryOptions = (client: ApiClient, query: Record<string, QueryValue> = {}) =>
  queryOptions({ queryKey: queryKeys.tickerConfigs.list(query), queryFn: () => getTickerConfigs(client, query), placeholderData: keepPreviousData });

export const useTickerConfigs = (query: Record<string, QueryValue>) => useQuery(tickerConfigsQueryOptions(useApiClient(), query));
