import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { QueryValue } from '../../api/build-query';

export interface PageSizeChoice {
  options: readonly number[];
  default: number;
}

export interface TableParams {
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  ordering: string | null;
  filters: Record<string, string>;
  /** What to send to the list endpoint: page (one-based), page_size, ordering and the filters. */
  query: Record<string, QueryValue>;
  setPage(page: number): void;
  setPageSize(pageSize: number): void;
  /** Header click: ascending, then descending (`-field`), then ascending again. */
  toggleOrdering(field: string): void;
  /** Replaces the filters; empty values leave the query string; back to page 1. */
  setFilters(filters: Record<string, QueryValue>): void;
}

const RESERVED = new Set(['page', 'page_size', 'ordering']);

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Table state kept in the query string, so that a link or a reload shows the same rows. */
export function useTableParams(pageSizes: PageSizeChoice, filterKeys: readonly string[] = []): TableParams {
  const [searchParams, setSearchParams] = useSearchParams();

  const page = positiveInt(searchParams.get('page'), 1);
  const requestedSize = positiveInt(searchParams.get('page_size'), pageSizes.default);
  const pageSize = pageSizes.options.includes(requestedSize) ? requestedSize : pageSizes.default;
  const ordering = searchParams.get('ordering') || null;
  const filterKey = filterKeys.map((key) => `${key}=${searchParams.get(key) ?? ''}`).join('&');

  const filters = useMemo(() => {
    const out: Record<string, string> = {};
    for (const pair of filterKey.split('&')) {
      const [key, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (key && value) out[key] = value;
    }
    return out;
  }, [filterKey]);

  const patch = useCallback(
    (changes: Record<string, QueryValue>) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === null || value === undefined) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setSearchParams],
  );

  const setFilters = useCallback(
    (values: Record<string, QueryValue>) => {
      const changes: Record<string, QueryValue> = { page: 1 };
      for (const key of filterKeys) if (!RESERVED.has(key)) changes[key] = values[key];
      patch(changes);
    },
    [filterKeys, patch],
  );

  return {
    page,
    pageSize,
    pageSizeOptions: pageSizes.options,
    ordering,
    filters,
    query: { page, page_size: pageSize, ordering, ...filters },
    setPage: (next) => patch({ page: next }),
    setPageSize: (next) => patch({ page_size: next, page: 1 }),
    toggleOrdering: (field) => patch({ ordering: ordering === field ? `-${field}` : field, page: 1 }),
    setFilters,
  };
}
