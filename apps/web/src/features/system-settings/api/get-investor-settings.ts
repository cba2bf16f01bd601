import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type InvestorReportSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getInvestorSettings = (client: ApiClient) => client.get<InvestorReportSettings>(API_PATHS.investorReportSettings);

export const investorSettingsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: queryKeys.investorReports.settings(), queryFn: () => getInvestorSettings(client) });

export const useInvestorSettings = () => useQuery(investorSettingsQueryOptions(useApiClient()));
