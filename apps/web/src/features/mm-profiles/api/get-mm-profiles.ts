import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MmProfileStatus, type Paginated } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export interface NamedRef {
  id: number;
  title: string;
}

/** A row as the API sends it; at Limited only the group's fields are present. */
export interface MmProfile {
  id: number;
  title?: string;
  profiles?: NamedRef[];
  max_signals_amount?: number;
  max_factor_amount?: number;
  all_signals_quota?: number;
  one_signal_quota?: number;
  exchange_account?: NamedRef;
  status?: MmProfileStatus;
  is_show?: boolean;
  created_at?: string;
}

export interface MmProfileList extends Paginated<MmProfile> {
  summary: { sum_all_signals_quota?: number; sum_one_signal_quota?: number };
}

export const getMmProfiles = (client: ApiClient, query: Record<string, QueryValue>) => client.get<MmProfileList>(API_PATHS.mmProfiles, { params: query });

export const mmProfilesQueryOptions = (client: ApiClient, query: Record<string, QueryValue> = {}) =>
  queryOptions({ queryKey: queryKeys.mmProfiles.list(query), queryFn: () => getMmProfiles(client, query), placeholderData: keepPreviousData });

export const useMmProfiles = (query: Record<string, QueryValue>) => useQuery(mmProfilesQueryOptions(useApiClient(), query));
