import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, MAX_PAGE_SIZE, type NamedRef, type Paginated, type StrategyProfileRow, type StrategySettings, type UncheckedSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import { fallbackPoll, isUnderWay, useStreamLive } from '../../../live/fallback-poll';
import { strategyProfileSource, titledSource } from '../../../ui/picker/option-sources';

export const strategyProfileQueryOptions = (client: ApiClient, id: number, live = false) =>
  queryOptions({
    queryKey: queryKeys.strategyProfiles.detail(id),
    queryFn: () => client.get<StrategyProfileRow>(API_PATHS.strategyProfile(id)),
    retry: false,
    refetchInterval: (query) => fallbackPoll(live, isUnderWay(query.state.data)),
  });

export const strategySettingsQueryOptions = (client: ApiClient, id: number) =>
  queryOptions({ queryKey: queryKeys.strategyProfiles.settings(id), queryFn: () => client.get<StrategySettings>(API_PATHS.strategySettings(id)), retry: false });

export const useStrategyProfile = (id: number | null) => useQuery({ ...strategyProfileQueryOptions(useApiClient(), id ?? 0, useStreamLive()), enabled: id !== null });
export const useStrategySettings = (id: number | null, enabled = true) => useQuery({ ...strategySettingsQueryOptions(useApiClient(), id ?? 0), enabled: enabled && id !== null });

/** `PUT strategies/strategy-settings/{id}/`: the whole document, which the API checks; the profile is read again after it. */
export function useSaveStrategySettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, settings }: { id: number; settings: UncheckedSettings }) => client.put<StrategySettings>(API_PATHS.strategySettings(id), { schema_type: 'v1', settings }),
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData(strategySettingsQueryOptions(client, id).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all });
    },
  });
}

/** The profile's own fields: title, MM profile, ticker list; `status: inactive` finishes a draft. */
export interface StrategyProfileFields {
  title?: string;
  mm_profile?: number;
  tickers?: number;
  status?: 'inactive';
}

export function useSaveStrategyProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StrategyProfileFields }) => client.put<StrategyProfileRow>(API_PATHS.strategyProfile(id), body),
    onSuccess: (answer) => {
      queryClient.setQueryData(strategyProfileQueryOptions(client, answer.id).queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: queryKeys.strategyProfiles.all });
    },
  });
}

/** The pickers of the profile step: MM profiles (searched by title, paged), ticker lists, template profiles. */
export const mmProfileOptionSource = (client: ApiClient) => titledSource(client, queryKeys.mmProfiles.options(), API_PATHS.mmProfileOptions, { searchParam: 'mm_profile' });

/** Every ticker list by name, in the largest page. */
export const getTickerListOptions = (client: ApiClient) => client.get<Paginated<NamedRef>>(API_PATHS.tickerConfigs, { params: { page_size: MAX_PAGE_SIZE } });

export const tickerListOptionsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: queryKeys.tickerConfigs.names(), queryFn: () => getTickerListOptions(client) });

export const useTickerListOptions = (enabled: boolean) => useQuery({ ...tickerListOptionsQueryOptions(useApiClient()), enabled });

/** Templates: any strategy profile, searched by title or id, paged. */
export const templateOptionSource = (client: ApiClient) => strategyProfileSource(client);
