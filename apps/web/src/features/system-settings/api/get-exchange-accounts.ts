import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, MAX_PAGE_SIZE, type ExchangeAccount, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The block scrolls through the whole list, so it asks for the largest page. */
export const getExchangeAccounts = (client: ApiClient) => client.get<Paginated<ExchangeAccount>>(API_PATHS.exchangeAccounts, { params: { page_size: MAX_PAGE_SIZE } });

export const exchangeAccountsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.exchangeAccounts.list(), queryFn: () => getExchangeAccounts(client) });

/** `enabled` false: not asked for (a group that cannot read the accounts). */
export const useExchangeAccounts = (enabled = true) => useQuery({ ...exchangeAccountsQueryOptions(useApiClient()), enabled });
