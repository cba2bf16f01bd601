import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type MmProfileRow } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getMmProfile = (client: ApiClient, id: number) => client.get<MmProfileRow>(API_PATHS.mmProfile(id));

export const mmProfileQueryOptions = (client: ApiClient, id: number) => queryOptions({ queryKey: queryKeys.mmProfiles.detail(id), queryFn: () => getMmProfile(client, id), retry: false });

export const useMmProfile = (id: number | null) => useQuery({ ...mmProfileQueryOptions(useApiClient(), id ?? 0), enabled: id !== null });
