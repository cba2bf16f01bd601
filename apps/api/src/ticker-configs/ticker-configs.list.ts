import { PAGE_SIZES, TICKER_CONFIG_RESOURCE } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { TickerConfigsQuery } from './ticker-configs.dto';

/** A config with its pairs' ids and tickers, by ticker. */
export const TICKER_CONFIG_FROM = `ticker_configs tc
  LEFT JOIN LATERAL (
    SELECT array_agg(p.id ORDER BY p.ticker) AS ids, array_agg(p.ticker ORDER BY p.ticker) AS tickers
      FROM ticker_config_pairs tcp JOIN pairs p ON p.id = tcp.pair_id
     WHERE tcp.ticker_config_id = tc.id
  ) tcp ON true`;

export const TICKER_CONFIG_COLUMNS = `tc.id, tc.title, tc.status, coalesce(tcp.ids, '{}') AS pairs, coalesce(tcp.tickers, '{}') AS tickers, tc.created_at, tc.updated_at`;

/**
 * The ticker configs, newest first; Created and Updated sort. A few hundred rows at most (one per
 * traded list), so the sorts need no index of their own (docs/decisions/trading-data.md).
 */
export const TICKER_CONFIG_LIST = defineList<TickerConfigsQuery, typeof TICKER_CONFIG_RESOURCE.query>(TICKER_CONFIG_RESOURCE.query, {
  name: 'ticker configs',
  from: TICKER_CONFIG_FROM,
  columns: TICKER_CONFIG_COLUMNS,
  key: 'tc.id',
  filters: {},
  orderings: { created_at: { column: 'tc.created_at', notNull: true }, updated_at: { column: 'tc.updated_at' } },
  defaultOrder: [{ column: 'tc.created_at', descending: true, notNull: true }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});
