import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type TgBotSettings } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';

export const getTgBotSettings = (client: ApiClient) => client.get<TgBotSettings>(API_PATHS.tgBotSettings);

export const tgBotSettingsQueryOptions = (client: ApiClient) => queryOptions({ queryKey: ['tg-bot-settings'], queryFn: () => getTgBotSettings(client) });

export const useTgBotSettings = () => useQuery(tgBotSettingsQueryOptions(useApiClient()));
