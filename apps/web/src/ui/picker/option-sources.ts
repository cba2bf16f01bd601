import { API_PATHS, type Paginated, type PairOption } from '@console/contracts';
import type { ApiClient } from '../../api/client';
import { queryKeys, type OptionsKey } from '../../api/query-keys';
import type { PickerOption, PickerPage, PickerPageQuery } from './PagingPicker';

/** What a PagingPicker reads: its list's key (from the query key factory), a page of it, and (when the list can) the names of ids. */
export interface OptionSource {
  queryKey: OptionsKey;
  fetchPage: (query: PickerPageQuery) => Promise<PickerPage>;
  fetchNamed?: (ids: number[]) => Promise<PickerOption[]>;
}

/** A page of a list as picker options. */
export const asPickerPage = <Row>(page: Paginated<Row>, toOption: (row: Row) => PickerOption): PickerPage => ({ next: page.next, results: page.results.map(toOption) });

/** A Limited group that does not see the titles gets ids only: such an option shows as `#id`. */
const byTitle = (row: { id: number; title?: string }): PickerOption => ({ id: row.id, label: row.title ?? `#${row.id}` });

/**
 * A list of `{id, title}` options searched by `searchParam`. When its search also matches an id
 * (strategy profiles), the names of picked ids are read one id at a time.
 */
export function titledSource(client: ApiClient, queryKey: OptionsKey, path: string, { searchParam = 'search', searchesIds = false } = {}): OptionSource {
  const fetchPage = async ({ search, page, page_size }: PickerPageQuery) =>
    asPickerPage(await client.get<Paginated<{ id: number; title?: string }>>(path, { params: { [searchParam]: search || undefined, page, page_size } }), byTitle);
  const fetchNamed = async (ids: number[]) => {
    const pages = await Promise.all(ids.map((id) => fetchPage({ search: String(id), page: 1, page_size: 1 }).then((p) => p.results.filter((o) => o.id === id))));
    return pages.flat();
  };
  return { queryKey, fetchPage, fetchNamed: searchesIds ? fetchNamed : undefined };
}

/** Strategy profiles: the signals, orders and templates pickers (`strategies/profiles/for-filters/`). */
export const strategyProfileSource = (client: ApiClient) => titledSource(client, queryKeys.strategyProfiles.options(), API_PATHS.strategyProfileOptions, { searchesIds: true });

/** Pairs by ticker (`strategies/pairs/for-filters/`). */
export const pairSource = (client: ApiClient): OptionSource => ({
  queryKey: queryKeys.pairs.options(),
  fetchPage: async ({ search, page, page_size }) =>
    asPickerPage(await client.get<Paginated<PairOption>>(API_PATHS.pairOptions, { params: { search: search || undefined, page, page_size } }), (pair) => ({ id: pair.id, label: pair.ticker })),
});
