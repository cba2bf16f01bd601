import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MonthsOrder, type MonthsView } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface MonthsRow {
  period: string | null;
  hwm?: number | null;
  deposit: number | null;
  profit_factor?: number | null;
  winrate: number | null;
  return_hwm?: number | null;
  return_hwm_percent?: number | null;
  return_realized: number;
  return_realized_percent: number | null;
  reinvest_percent_realized: number | null;
  qty_total: number;
  qty_profit?: number;
  qty_loss?: number;
  qty_missed?: number;
  turn_over: number;
}

export interface DatedReturn {
  value: number | null;
  date: string | null;
}

export interface MonthsSummary {
  turn_over_at_value: number;
  turn_over_month_value: number;
  turn_over_week_value: number;
  turn_over_day_value: number;
  positive_months: number | null;
  best_month_return: DatedReturn;
  worst_month_return: DatedReturn;
  avg_capital_growth_rate: number | null;
  system_is_running_days: number;
  system_start_date: string | null;
}

export interface MonthsStats {
  exchange_account: { id: number; title: string } | null;
  total: MonthsRow | null;
  month_average: MonthsRow | null;
  day_average: MonthsRow | null;
  by_month: MonthsRow[];
  summary: MonthsSummary;
}

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
