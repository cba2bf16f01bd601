import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type ChartAnswer, type ChartDataType, type ChartTimeframe, type ChartType } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface ChartRequest {
  data_type: ChartDataType;
  chart_type: ChartType;
  tf: ChartTimeframe;
  date_from: string;
  date_to: string;
}

export const getChart = (client: ApiClient, request: ChartRequest) => client.get<ChartAnswer>(API_PATHS.statisticsChart, { params: { ...request } });

/** Nothing is asked for without a request (the second chart while it is off). */
export const chartQueryOptions = (client: ApiClient, request: ChartRequest | null) =>
  queryOptions({
    queryKey: queryKeys.charts.series(request),
    queryFn: () => getChart(client, request!),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/** One series; the second chart is a second request. */
export const useChart = (request: ChartRequest | null) => useQuery(chartQueryOptions(useApiClient(), request));
