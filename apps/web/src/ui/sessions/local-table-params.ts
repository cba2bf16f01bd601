import { useState } from 'react';
import type { PageSizeChoice, TableParams } from '../table/use-table-params';

/**
 * Paging kept in the component instead of the query string: for a table that is one of several on a
 * screen or inside a dialog, whose pages should not move the screen's own link.
 */
export function useLocalTableParams(pageSizes: PageSizeChoice): TableParams {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes.default);
  return {
    page,
    pageSize,
    pageSizeOptions: pageSizes.options,
    ordering: null,
    filters: {},
    query: { page, page_size: pageSize },
    setPage,
    setPageSize: (next) => {
      setPageSize(next);
      setPage(1);
    },
    toggleOrdering: () => undefined,
    setFilters: () => setPage(1),
  };
}
