import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const deleteReportSchedule = (client: ApiClient, id: number) => client.delete(API_PATHS.investorReportSchedule(id));

export function useDeleteReportSchedule() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReportSchedule(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.investorReports.all }),
  });
}
