import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, type ChartAnswer, type ChartDataType, type ChartTimeframe, type ChartType } from '@console/contracts';
import { useApiClient } from '../../../api/context';

export interface ChartRequest {
  data_type: ChartDataType;
  chart_type: ChartType;
  tf: ChartTimeframe;
  date_from: string;
  date_to: string;
}

/** One series; the second chart is a second request. */
export function useChart(request: ChartRequest | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['statistics-chart', request],
    queryFn: () => client.get<ChartAnswer>(API_PATHS.statisticsChart, { params: { ...request! } }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
