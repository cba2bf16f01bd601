import type { ExportColumn } from '../export-source';

/** The signal figures of a statistics row (stats/stats-figures.sql.ts), as sheet columns. */
export const FIGURE_COLUMNS: readonly ExportColumn[] = [
  { field: 'total_profit', header: 'Total profit, USD' },
  { field: 'total_loss', header: 'Total loss, USD' },
  { field: 'total', header: 'Total, USD' },
  { field: 'total_percent', header: 'Total, %' },
  { field: 'total_i', header: 'Total I' },
  { field: 'avg_pnl_percent', header: 'Avg PnL, %' },
  { field: 'avg_loss_percent', header: 'Avg loss, %' },
  { field: 'most_loss_percent', header: 'Most loss, %' },
  { field: 'avg_profit_percent', header: 'Avg profit, %' },
  { field: 'avg_i', header: 'Avg I' },
  { field: 'qty_loss', header: 'Qty loss' },
  { field: 'qty_profit', header: 'Qty profit' },
  { field: 'qty_total', header: 'Qty total' },
  { field: 'w_percent', header: 'W, %' },
  { field: 'avg_time_per_signal', header: 'Avg time per signal, h' },
  { field: 'most_longest_duration', header: 'Longest duration, h' },
  { field: 'most_imp_loss', header: 'Most imp. loss, USD' },
  { field: 'qty_missed', header: 'Qty missed' },
  { field: 'max_drawdown', header: 'Max drawdown, USD' },
  { field: 'rf', header: 'RF' },
  { field: 'sharpe', header: 'Sharpe' },
  { field: 'stdev', header: 'Stdev' },
  { field: 'turnover', header: 'Turnover, USD' },
];
