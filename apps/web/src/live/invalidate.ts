import type { QueryClient } from '@tanstack/react-query';
import type { ResourceName } from '@console/contracts';
import { resourceKey } from '../api/query-keys';

/**
 * Marks a resource's data stale: the screens that show it refetch at once, the others when next shown.
 * The one place that knows how query keys name resources.
 */
export function invalidateResource(queryClient: QueryClient, resource: ResourceName): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
}

/** After a gap the stream cannot fill: every piece of data is fetched again. */
export function invalidateEverything(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
