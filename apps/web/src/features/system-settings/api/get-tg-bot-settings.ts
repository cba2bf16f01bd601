import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type TgBotSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getTgBotSettings = (client: ApiClient) => client.get<TgBotSettings>(API_PATHS.tgBotSettings);

export const tgBotSettingsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: queryKeys.tgBotSettings.detail(), queryFn: () => getTgBotSettings(client) });

export const useTgBotSettings = () => useQuery(tgBotSettingsQueryOptions(useApiClient()));
