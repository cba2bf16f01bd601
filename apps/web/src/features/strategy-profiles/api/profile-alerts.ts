import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_PATHS, type AlertSecretAnswer, type AlertSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getProfileAlerts = (client: ApiClient, id: number) => client.get<AlertSettings>(ALERT_PATHS.settings(id));

export const profileAlertsQueryOptions = (client: ApiClient, id: number) =>
  queryOptions({ queryKey: queryKeys.strategyProfiles.alerts(id), queryFn: () => getProfileAlerts(client, id) });

export const useProfileAlerts = (id: number) => useQuery(profileAlertsQueryOptions(useApiClient(), id));

/** On, or a new secret when already on: the answer holds the secret this once. */
export const enableProfileAlerts = (client: ApiClient, id: number) => client.post<AlertSecretAnswer>(ALERT_PATHS.settings(id), {});

export const disableProfileAlerts = (client: ApiClient, id: number) => client.delete<void>(ALERT_PATHS.settings(id));

export function useProfileAlertsMutations(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: profileAlertsQueryOptions(client, id).queryKey });
  return {
    enable: useMutation({ mutationFn: () => enableProfileAlerts(client, id), onSuccess }),
    disable: useMutation({ mutationFn: () => disableProfileAlerts(client, id), onSuccess }),
  };
}
