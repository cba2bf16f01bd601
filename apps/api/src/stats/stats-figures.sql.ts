/**
 * The signal figures of a statistics row (STATS_FIGURES, docs/metrics.md), as SQL over a rollup row of all-time totals
 * (profile_stats or account_stats, aliased `t`, absent when nothing finished yet). Every figure is a
 * number rounded as TRADING_DECIMALS says, or null where it is undefined (no loss: no profit factor).
 */
const n = (column: string) => `coalesce(t.${column}, 0)`;
const QTY = `(${n('qty_profit')} + ${n('qty_loss')})`;
const AVG_PROFIT = `${n('sum_profit_percent')} / nullif(${n('qty_profit')}, 0)`;
const AVG_LOSS = `${n('sum_loss_percent')} / nullif(${n('qty_loss')}, 0)`;
/** Sample standard deviation of the signals' PnL percents (n − 1), from their sum and sum of squares. */
const STDEV = `CASE WHEN ${QTY} > 1 THEN sqrt(greatest(0, (${n('sum_pnl_percent_sq')} - ${n('sum_pnl_percent')} ^ 2 / ${QTY}) / (${QTY} - 1))) END`;

export const FIGURE_EXPRESSIONS = {
  total_profit: `round(${n('profit_usd')}, 2)`,
  total_loss: `round(${n('loss_usd')}, 2)`,
  total: `round(${n('profit_usd')} + ${n('loss_usd')}, 2)`,
  total_percent: `round(${n('sum_pnl_percent')}, 2)`,
  total_i: `round(${n('profit_usd')} / nullif(-${n('loss_usd')}, 0), 2)`,
  avg_pnl_percent: `round(${n('sum_pnl_percent')} / nullif(${QTY}, 0), 2)`,
  avg_loss_percent: `round(${AVG_LOSS}, 2)`,
  most_loss_percent: `round(t.most_loss_percent, 2)`,
  avg_profit_percent: `round(${AVG_PROFIT}, 2)`,
  avg_i: `round((${AVG_PROFIT}) / nullif(-(${AVG_LOSS}), 0), 2)`,
  qty_loss: n('qty_loss'),
  qty_profit: n('qty_profit'),
  qty_total: QTY,
  w_percent: `round(100.0 * ${n('qty_profit')} / nullif(${QTY}, 0), 2)`,
  avg_time_per_signal: `round(${n('sum_duration_s')} / 3600.0 / nullif(${QTY}, 0), 2)`,
  most_longest_duration: `round(${n('max_duration_s')} / 3600.0, 2)`,
  most_imp_loss: `round(least(t.most_loss_usd, 0), 2)`,
  qty_missed: n('qty_missed'),
  max_drawdown: `round(${n('max_drawdown_usd')}, 2)`,
  rf: `round((${n('profit_usd')} + ${n('loss_usd')}) / nullif(${n('max_drawdown_usd')}, 0), 2)`,
  sharpe: `round(${n('sum_pnl_percent')} / nullif(${QTY}, 0) / nullif(${STDEV}, 0), 2)`,
  stdev: `round(${STDEV}, 2)`,
  turnover: `round(${n('turnover')}, 0)`,
} as const;

/** Return AT % of a NAV and a Deposit AT (STATS_FIGURES.return_at_percent): the account stats and the account card. */
export const RETURN_AT_PERCENT = (nav: string, deposit: string) => `round(100 * (${nav} / nullif(${deposit}, 0) - 1), 2)`;

/** The figures as a SELECT list, numbers as JSON numbers (float8). */
export function figureColumns(extra: Record<string, string> = {}): string {
  return Object.entries({ ...FIGURE_EXPRESSIONS, ...extra })
    .map(([name, sql]) => `(${sql})::float8 AS ${name}`)
    .join(',\n  ');
}
