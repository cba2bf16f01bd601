import { queryOptions, useQuery } from '@tanstack/react-query';
import { MARKET_DATA_PATHS, type CandleCoverageRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getCandleCoverage = (client: ApiClient) => client.get<CandleCoverageRow[]>(MARKET_DATA_PATHS.coverage);

export const candleCoverageQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.marketData.coverage(), queryFn: () => getCandleCoverage(client) });

export const useCandleCoverage = () => useQuery(candleCoverageQueryOptions(useApiClient()));
