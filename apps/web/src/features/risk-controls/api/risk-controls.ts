import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, RISK_CONTROL_PAGE_SIZE, type Paginated, type RiskTrigger, type TriggerKind } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';

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

export const riskTriggersQueryOptions = (client: ApiClient, showHide: boolean) =>
  queryOptions({
    queryKey: ['risk-controls', 'list', showHide],
    queryFn: () => client.get<Paginated<RiskTrigger>>(API_PATHS.riskControls, { params: { show_hide: showHide, page_size: RISK_CONTROL_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useRiskTriggers = (showHide: boolean) => useQuery(riskTriggersQueryOptions(useApiClient(), showHide));

export const riskGroupsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: ['risk-controls', 'groups'], queryFn: () => client.get<{ id: number; title: string }[]>(API_PATHS.riskControlGroups) });

export const useRiskGroups = () => useQuery(riskGroupsQueryOptions(useApiClient()));

export function useCreateTrigger() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewTrigger) => client.post<RiskTrigger>(API_PATHS.riskControls, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['risk-controls', 'list'] }),
  });
}

export function useUpdateTrigger() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: TriggerChange }) => client.put<RiskTrigger>(API_PATHS.riskControl(id), change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['risk-controls', 'list'] }),
  });
}
