import { BACKTEST_LIST_QUERY, BACKTEST_TRADE_EXPORT_QUERY, PAGE_SIZES } from '@console/contracts';
import { defineList } from '../common/list-query/list-declaration';
import type { BacktestsQuery, BacktestTradesExportQuery } from './backtests.dto';

const FROM = `backtests b LEFT JOIN users u ON u.id = b.created_by`;

/** A run as its list row and page read it; numbers of the figures as JSON numbers. */
export const BACKTEST_COLUMNS = `b.id::text AS id, b.profile_id, b.profile_title AS profile, b.market, b.date_from, b.date_until, b.status, b.progress,
  (b.figures->>'total_return_percent')::float8 AS total_return_percent, (b.figures->>'max_drawdown_percent')::float8 AS max_drawdown_percent,
  (b.figures->>'trade_count')::int AS trade_count, u.email AS created_by, b.created_at`;

/** The runs, newest first (a run is never shown as live trading: it has no table in common with it). */
export const BACKTEST_LIST = defineList<BacktestsQuery, typeof BACKTEST_LIST_QUERY>(BACKTEST_LIST_QUERY, {
  name: 'backtests',
  from: FROM,
  columns: BACKTEST_COLUMNS,
  key: 'b.id',
  keyTable: 'backtests b',
  filters: {
    status: { column: 'b.status' },
    profile_id: { column: 'b.profile_id' },
    market: { column: 'b.market' },
  },
  orderings: { created_at: { column: 'b.created_at', notNull: true } },
  defaultOrder: [{ column: 'b.created_at', descending: true, notNull: true }],
  defaultPageSize: PAGE_SIZES.generic.default,
  count: { kind: 'exact' },
});

/** A run's trades, in the order they closed. */
export const BACKTEST_TRADE_LIST = {
  name: 'backtest trades',
  from: 'backtest_trades t',
  columns: `t.id::text AS id, t.pair_id, t.pair, t.side, t.entry_at, t.exit_at, t.entry_price::text, t.exit_price::text, t.quantity::text, t.size::text, t.pnl::text, t.fees::text, t.exit_reason`,
  key: 't.id',
  filters: {},
  orderings: {},
  defaultOrder: [{ column: 't.id', notNull: true }],
  defaultPageSize: PAGE_SIZES.generic.options[PAGE_SIZES.generic.options.length - 1],
  count: { kind: 'exact' },
} as const;

/** The same trades for the xlsx of one run (`backtest_id` is required by its query). */
export const BACKTEST_TRADE_EXPORT_LIST = defineList<BacktestTradesExportQuery, typeof BACKTEST_TRADE_EXPORT_QUERY>(BACKTEST_TRADE_EXPORT_QUERY, {
  ...BACKTEST_TRADE_LIST,
  filters: { backtest_id: { column: 't.backtest_id' } },
  orderings: {},
});
