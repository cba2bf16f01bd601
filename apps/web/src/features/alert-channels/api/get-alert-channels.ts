import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AlertChannelSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getAlertChannels = (client: ApiClient) => client.get<AlertChannelSettings>(API_PATHS.alertChannels);

export const alertChannelsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.alertChannels.own(), queryFn: () => getAlertChannels(client) });

export const useAlertChannels = () => useQuery(alertChannelsQueryOptions(useApiClient()));
