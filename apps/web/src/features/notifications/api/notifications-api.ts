import { infiniteQueryOptions } from '@tanstack/react-query';
import { API_PATHS, type Paginated } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

export interface Notification {
  id: string;
  title: string;
  text_body: string;
  created_at: string;
}

export const notificationsQuery = (client: ApiClient) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'feed'],
    queryFn: ({ pageParam }) => client.get<Paginated<Notification>>(API_PATHS.notifications, { params: { page: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
  });
