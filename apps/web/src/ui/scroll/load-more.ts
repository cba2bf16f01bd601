import type { UIEvent } from 'react';
import { LIMITS } from '@console/contracts';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A scroll handler for a list of an infinite query: the next page loads within 5 px of its bottom. */
export function loadMoreNearBottom(query: PagedQuery) {
  return (event: UIEvent<HTMLElement>) => {
    const list = event.currentTarget;
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= LIMITS.autocompleteBottomPx;
    if (nearBottom && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
}
