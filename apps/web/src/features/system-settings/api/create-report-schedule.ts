import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type InvestorReportSchedule, type InvestorReportScheduleInput } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const createReportSchedule = (client: ApiClient, body: InvestorReportScheduleInput) =>
  client.post<InvestorReportSchedule>(API_PATHS.investorReportSchedules, body);

export function useCreateReportSchedule() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvestorReportScheduleInput) => createReportSchedule(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.investorReports.all }),
  });
}
