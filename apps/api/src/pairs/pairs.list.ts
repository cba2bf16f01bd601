import { MAX_PAGE_SIZE, PAGE_SIZES, PAIR_RESOURCE } from '@console/contracts';
import { defineList, type ListDeclaration } from '../common/list-query/list-declaration';
import type { PairsForFiltersQuery, PairsQuery } from './pairs.dto';

/** The settings block scrolls through every pair, so the default page holds a whole exchange's list. */
export const PAIR_LIST = defineList<PairsQuery, typeof PAIR_RESOURCE.query>(PAIR_RESOURCE.query, {
  name: 'pairs',
  from: 'pairs',
  columns: 'pairs.id, pairs.ticker, pairs.is_active',
  key: 'pairs.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 'pairs.ticker' }],
  defaultPageSize: MAX_PAGE_SIZE,
  count: { kind: 'exact' },
});

/** Options for the pair autocomplete: id and ticker, matching `search`, optionally only active pairs. */
export const PAIR_OPTION_LIST: ListDeclaration<PairsForFiltersQuery> = {
  name: 'pair options',
  from: 'pairs',
  columns: 'pairs.id, pairs.ticker',
  key: 'pairs.id',
  filters: { search: { column: 'pairs.ticker', op: 'contains' }, is_for_active: { column: 'pairs.is_active', op: 'is_true' } },
  orderings: {},
  defaultOrder: [{ column: 'pairs.ticker' }],
  defaultPageSize: PAGE_SIZES.generic.options[1],
  count: { kind: 'exact' },
};
