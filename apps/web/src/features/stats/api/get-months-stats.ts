import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MonthsOrder, type MonthsStats, type MonthsView } from '@console/contracts';
import { useApiClient } from '../../../api/context';

export interface MonthsQuery {
  order: MonthsOrder;
  date_from?: string;
  date_to?: string;
}

export function useMonthsStats(view: MonthsView, query: MonthsQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['months-stats', view, query],
    queryFn: () => client.get<MonthsStats>(view === 'admin' ? API_PATHS.statisticsAdmin : API_PATHS.statisticsClient, { params: { ...query } }),
    placeholderData: keepPreviousData,
  });
}
