import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface DepositInfo {
  ideo_r_long: number;
  ideo_r_short: number;
  mm_asset_sum: number;
  mm_deposit: number;
}

export const getDepositInfo = (client: ApiClient) => client.get<DepositInfo>(API_PATHS.mmDepositInfo);

export const depositInfoQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.mmProfiles.depositInfo(), queryFn: () => getDepositInfo(client), retry: false });

export const useDepositInfo = () => useQuery(depositInfoQueryOptions(useApiClient()));
