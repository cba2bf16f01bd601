import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API_PATHS, type NotificationRow, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';
import { useApiClient } from '../../../api/context';
import { queryKeys } from '../../../api/query-keys';

export const getNotifications = (client: ApiClient, page: number) => client.get<Paginated<NotificationRow>>(API_PATHS.notifications, { params: { page } });

export const notificationsQueryOptions = (client: ApiClient) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.feed(),
    queryFn: ({ pageParam }) => getNotifications(client, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions(useApiClient()));
