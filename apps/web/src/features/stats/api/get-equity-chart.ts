import { useQuery } from '@tanstack/react-query';
import { API_PATHS, type ChartAnswer } from '@console/contracts';
import { useApiClient } from '../../../api/context';

/** The months page's chart: equity by day over the months shown (all time, from the system's start, when no range). */
export function useEquityChart(range: { date_from?: string; date_to?: string }, systemStart: string | null | undefined, enabled: boolean) {
  const client = useApiClient();
  const from = range.date_from ?? systemStart?.slice(0, 10);
  const params = { data_type: 'Equity', chart_type: 'line', tf: '1d', date_from: from ?? '', ...(range.date_to ? { date_to: lastDayOf(range.date_to) } : {}) };
  return useQuery({ queryKey: ['statistics-chart', 'months', params], queryFn: () => client.get<ChartAnswer>(API_PATHS.statisticsChart, { params }), enabled: enabled && !!from });
}

/** The last day of a date's month: a month range ends with its whole last month. */
function lastDayOf(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
