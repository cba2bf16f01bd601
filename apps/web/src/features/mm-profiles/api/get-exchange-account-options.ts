import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, MAX_PAGE_SIZE, type ExchangeAccount, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The accounts an MM profile may trade on (a handful; one page holds them). */
export const getExchangeAccountOptions = (client: ApiClient) =>
  client.get<Paginated<ExchangeAccount>>(API_PATHS.exchangeAccounts, { params: { page_size: MAX_PAGE_SIZE } });

export const exchangeAccountOptionsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: queryKeys.exchangeAccounts.names(), queryFn: () => getExchangeAccountOptions(client) });

export const useExchangeAccountOptions = () => useQuery(exchangeAccountOptionsQueryOptions(useApiClient()));
