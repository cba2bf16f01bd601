import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AlertDeliveryLog } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** Deliveries leave from the worker after the page loaded: the log is read again every few seconds while shown. */
const REFRESH_MS = 5_000;

export const getAlertDeliveries = (client: ApiClient) => client.get<AlertDeliveryLog>(API_PATHS.alertDeliveries);

export const alertDeliveriesQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: queryKeys.alertChannels.deliveries(), queryFn: () => getAlertDeliveries(client), refetchInterval: REFRESH_MS });

export const useAlertDeliveries = () => useQuery(alertDeliveriesQueryOptions(useApiClient()));
