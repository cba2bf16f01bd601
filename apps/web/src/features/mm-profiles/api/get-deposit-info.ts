import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MmDepositInfo } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getDepositInfo = (client: ApiClient) => client.get<MmDepositInfo>(API_PATHS.mmDepositInfo);

export const depositInfoQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.mmProfiles.depositInfo(), queryFn: () => getDepositInfo(client), retry: false });

export const useDepositInfo = () => useQuery(depositInfoQueryOptions(useApiClient()));
