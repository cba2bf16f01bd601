import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type InvestorReportSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { investorSettingsQueryOptions } from './get-investor-settings';

export const saveInvestorSettings = (client: ApiClient, body: InvestorReportSettings) => client.put<InvestorReportSettings>(API_PATHS.investorReportSettings, body);

export function useSaveInvestorSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvestorReportSettings) => saveInvestorSettings(client, body),
    onSuccess: (saved) => queryClient.setQueryData(investorSettingsQueryOptions(client).queryKey, saved),
  });
}
