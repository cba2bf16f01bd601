import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AccountAdminMetrics } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getAccountInfo = (client: ApiClient) => client.get<AccountAdminMetrics[]>(API_PATHS.accountInfo);

export const accountInfoQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.positions.accountInfo(), queryFn: () => getAccountInfo(client) });

export const useAccountInfo = () => useQuery(accountInfoQueryOptions(useApiClient()));
