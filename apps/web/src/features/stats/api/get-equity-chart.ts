import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type ChartAnswer } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getEquityChart = (client: ApiClient, params: Record<string, QueryValue>) => client.get<ChartAnswer>(API_PATHS.statisticsChart, { params });

export const equityChartQueryOptions = (client: ApiClient, params: Record<string, QueryValue>) =>
  queryOptions({ queryKey: queryKeys.charts.series(params), queryFn: () => getEquityChart(client, params) });

/** The months page's chart: equity by day over the months shown (all time, from the system's start, when no range). */
export function useEquityChart(range: { date_from?: string; date_to?: string }, systemStart: string | null | undefined, enabled: boolean) {
  const from = range.date_from ?? systemStart?.slice(0, 10);
  const params = { data_type: 'Equity', chart_type: 'line', tf: '1d', date_from: from ?? '', ...(range.date_to ? { date_to: lastDayOf(range.date_to) } : {}) };
  return useQuery({ ...equityChartQueryOptions(useApiClient(), params), enabled: enabled && !!from });
}

/** The last day of a date's month: a month range ends with its whole last month. */
function lastDayOf(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
