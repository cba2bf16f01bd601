import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, MAX_PAGE_SIZE, type InvestorReportSchedule, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The block lists every entry, so it asks for the largest page. */
export const getReportSchedules = (client: ApiClient) =>
  client.get<Paginated<InvestorReportSchedule>>(API_PATHS.investorReportSchedules, { params: { page_size: MAX_PAGE_SIZE } });

export const reportSchedulesQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: queryKeys.investorReports.schedules(), queryFn: () => getReportSchedules(client) });

export const useReportSchedules = () => useQuery(reportSchedulesQueryOptions(useApiClient()));
