import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, ID_LIST_MAX, type NamedRef, type Paginated, type RiskTrigger, type TriggerKind } from '@console/contracts';
import type { QueryValue } from '../../../api/build-query';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';
import type { PickerOption } from '../../../ui/picker/PagingPicker';
import { titledSource, type OptionSource } from '../../../ui/picker/option-sources';

export interface NewTrigger {
  trigger_type: TriggerKind;
  trigger_blocker: number;
  timer: number;
  position_reduce?: number;
  x_percent_depo?: number;
  y_percent_depo?: number;
  group_profiles?: number[];
}

/** A PUT of one value, a toggle or the group (`PUT strategies/risk-controls/{id}/`). */
export type TriggerChange = Partial<Pick<RiskTrigger, 'trigger_name' | 'trigger_blocker' | 'trigger_unblocker' | 'rules' | 'timer' | 'position_reduce' | 'x_percent_depo' | 'y_percent_depo' | 'alert' | 'is_active' | 'is_show' | 'group_profiles'>>;

/** A page of the triggers (`page`, `page_size` from the table's query string). */
export const riskTriggersQueryOptions = (client: ApiClient, showHide: boolean, page: Record<string, QueryValue>) =>
  queryOptions({
    queryKey: queryKeys.riskControls.list(showHide, page),
    queryFn: () => client.get<Paginated<RiskTrigger>>(API_PATHS.riskControls, { params: { ...page, show_hide: showHide } }),
    placeholderData: keepPreviousData,
  });

export const useRiskTriggers = (showHide: boolean, page: Record<string, QueryValue>) => useQuery(riskTriggersQueryOptions(useApiClient(), showHide, page));

/** The group picker's profiles: searched by title (or id), paged; picked ids named through `id__in`. */
export const riskGroupSource = (client: ApiClient): OptionSource => ({
  ...titledSource(client, queryKeys.riskControls.options(), API_PATHS.riskControlGroups),
  fetchNamed: (ids) => getRiskGroupNames(client, ids),
});

/** The names of the given profiles, a request per ID_LIST_MAX ids. */
async function getRiskGroupNames(client: ApiClient, ids: readonly number[]): Promise<PickerOption[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += ID_LIST_MAX) chunks.push(ids.slice(i, i + ID_LIST_MAX));
  const pages = await Promise.all(
    chunks.map((chunk) => client.get<Paginated<NamedRef>>(API_PATHS.riskControlGroups, { params: { id__in: chunk.join(','), page_size: chunk.length } })),
  );
  return pages.flatMap((page) => page.results.map((row) => ({ id: row.id, label: row.title })));
}

/** The titles of the groups' profiles on a page of triggers. */
export const riskGroupNamesQueryOptions = (client: ApiClient, ids: readonly number[]) =>
  queryOptions({ queryKey: queryKeys.riskControls.groupNames(ids), queryFn: () => getRiskGroupNames(client, ids), enabled: ids.length > 0, placeholderData: keepPreviousData });

export const useRiskGroupNames = (ids: readonly number[]) => useQuery(riskGroupNamesQueryOptions(useApiClient(), ids));

export function useCreateTrigger() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTrigger) => client.post<RiskTrigger>(API_PATHS.riskControls, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.riskControls.all }),
  });
}

export function useUpdateTrigger() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TriggerChange }) => client.put<RiskTrigger>(API_PATHS.riskControl(id), change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.riskControls.all }),
  });
}
