import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MonthsOrder, type MonthsStats, type MonthsView } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface MonthsQuery {
  order: MonthsOrder;
  date_from?: string;
  date_to?: string;
}

export const getMonthsStats = (client: ApiClient, view: MonthsView, query: MonthsQuery) =>
  client.get<MonthsStats>(view === 'admin' ? API_PATHS.statisticsAdmin : API_PATHS.statisticsClient, { params: { ...query } });

export const monthsStatsQueryOptions = (client: ApiClient, view: MonthsView, query: MonthsQuery) =>
  queryOptions({ queryKey: queryKeys.monthsStats.view(view, query), queryFn: () => getMonthsStats(client, view, query), placeholderData: keepPreviousData });

export const useMonthsStats = (view: MonthsView, query: MonthsQuery) => useQuery(monthsStatsQueryOptions(useApiClient(), view, query));
