import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent, ResourceName } from '@console/contracts';
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

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A change that carries its row's new values (an engine command's action_state) is written into every
 * cached list page and detail of its resource holding that row, so the other consoles show CANCELLING
 * or CANCELLED the moment the event comes, before their refetch answers.
 */
export function patchRows(queryClient: QueryClient, event: LiveEvent): void {
  const patch = event.row;
  if (!patch || patch.id === undefined || patch.id === null) return;
  const id = String(patch.id);
  const same = (row: unknown): row is Row => isRow(row) && String(row.id) === id;
  queryClient.setQueriesData<unknown>({ queryKey: resourceKey(event.resource) }, (data: unknown) => {
    if (same(data)) return { ...data, ...patch, id: data.id };
    if (!isRow(data) || !Array.isArray(data.results) || !data.results.some(same)) return data;
    return { ...data, results: data.results.map((row) => (same(row) ? { ...row, ...patch, id: row.id } : row)) };
  });
}
