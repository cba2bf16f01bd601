import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type TelegramLinkState } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

/** The link is made from the chat, after the page loaded: read again every few seconds while shown. */
const REFRESH_MS = 5_000;

export const getTelegramLink = (client: ApiClient) => client.get<TelegramLinkState>(API_PATHS.telegramLink);

export const telegramLinkQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: queryKeys.alertChannels.telegramLink(), queryFn: () => getTelegramLink(client), refetchInterval: REFRESH_MS });

export const useTelegramLink = () => useQuery(telegramLinkQueryOptions(useApiClient()));
