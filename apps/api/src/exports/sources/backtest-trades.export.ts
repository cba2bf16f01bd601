import { BACKTEST_TRADE_COLUMNS } from '@console/contracts';
import { BACKTEST_TRADE_EXPORT_LIST } from '../../backtests/backtests.list';
import type { BacktestTradesExportQuery } from '../../backtests/backtests.dto';
import { exportColumns, type ExportSource } from '../export-source';

/**
 * A run's trades as its page lists them. Every trade column answers to the group's `trades` field (a
 * Limited group sees a run's trades whole or not at all), so the columns carry that field; they read
 * their cells from the row by `value`, not by position.
 */
// The trades have one order (the order they closed): no `ordering` param.
export const BACKTEST_TRADES_EXPORT: ExportSource<BacktestTradesExportQuery & { ordering?: undefined }> = {
  kind: 'backtest_trades',
  list: BACKTEST_TRADE_EXPORT_LIST,
  sheet: 'Backtest trades',
  columns: exportColumns(BACKTEST_TRADE_COLUMNS).map((column) => ({ ...column, field: 'trades', cell: undefined })),
};
