import type { Direction, StrategyProfileStatus } from '@console/contracts';

/** The signal figures of a profile or account statistics row (docs/metrics.md); at Limited only the group's fields. */
export interface SignalFigures {
  total_profit?: number;
  total_loss?: number;
  total?: number;
  total_percent?: number;
  total_i?: number | null;
  avg_pnl_percent?: number | null;
  avg_loss_percent?: number | null;
  most_loss_percent?: number | null;
  avg_profit_percent?: number | null;
  avg_i?: number | null;
  qty_loss?: number;
  qty_profit?: number;
  qty_total?: number;
  w_percent?: number | null;
  avg_time_per_signal?: number | null;
  most_longest_duration?: number;
  most_imp_loss?: number | null;
  qty_missed?: number;
  max_drawdown?: number;
  rf?: number | null;
  sharpe?: number | null;
  stdev?: number | null;
  turnover?: number;
}

export interface ProfileStatsRow extends SignalFigures {
  id: number;
  profile_id?: number;
  profile_title?: string;
  direction?: Direction;
  status?: StrategyProfileStatus;
  most_mm_imp_loss?: number | null;
}

export interface AccountStatsRow extends SignalFigures {
  id: number;
  account_id?: number;
  account_title?: string;
  qty_profiles?: number;
  nav?: number | null;
  deposit?: number | null;
  return_percent?: number | null;
}

/** How a figure is written: money with 2 decimals, percents with 2 and a % sign, counts whole. */
export type FigureKind = 'usd' | 'percent' | 'ratio' | 'count' | 'hours' | 'whole_usd';

/** Dollars with the sign before the symbol (-$28.40), grouped by thousands. */
export function formatUsd(value: number, decimals: number): string {
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return `${value < 0 && Number(text.replace(/,/g, '')) !== 0 ? '-' : ''}$${text}`;
}

export function formatFigure(value: number | null | undefined, kind: FigureKind): string {
  if (value === null || value === undefined) return '-';
  switch (kind) {
    case 'usd':
      return formatUsd(value, 2);
    case 'whole_usd':
      return formatUsd(value, 0);
    case 'percent':
      return `${value.toFixed(2)}%`;
    case 'ratio':
    case 'hours':
      return value.toFixed(2);
    case 'count':
      return String(Math.round(value * 100) / 100);
  }
}

/** The columns of the statistics tables: field, header and kind, in the spec's order (trading.md 3). */
export const FIGURE_COLUMNS: readonly { field: keyof ProfileStatsRow & string; header: string; kind: FigureKind; sortable?: boolean }[] = [
  { field: 'qty_total', header: 'Q-sign', kind: 'count', sortable: true },
  { field: 'qty_profit', header: 'P-sign', kind: 'count' },
  { field: 'qty_loss', header: 'L-sign', kind: 'count' },
  { field: 'w_percent', header: 'W%', kind: 'percent', sortable: true },
  { field: 'total_profit', header: 'P-summ', kind: 'usd' },
  { field: 'total_loss', header: 'L-summ', kind: 'usd' },
  { field: 'total', header: 'Res-$', kind: 'usd', sortable: true },
  { field: 'total_percent', header: 'Res-%', kind: 'percent', sortable: true },
  { field: 'total_i', header: 'PF', kind: 'ratio', sortable: true },
  { field: 'avg_pnl_percent', header: 'Avg %', kind: 'percent', sortable: true },
  { field: 'avg_profit_percent', header: 'Avg P-%', kind: 'percent' },
  { field: 'avg_loss_percent', header: 'Avg L-%', kind: 'percent' },
  { field: 'avg_i', header: 'Avg I', kind: 'ratio' },
  { field: 'most_loss_percent', header: 'Max L-%', kind: 'percent', sortable: true },
  { field: 'avg_time_per_signal', header: 'Avg time, h', kind: 'hours' },
  { field: 'most_longest_duration', header: 'Longest, h', kind: 'hours' },
  { field: 'most_imp_loss', header: 'Max imp. loss', kind: 'usd' },
  { field: 'qty_missed', header: 'Missed', kind: 'count', sortable: true },
];

/** The second tab's columns: risk and spread of the results. */
export const RISK_COLUMNS: readonly { field: keyof ProfileStatsRow & string; header: string; kind: FigureKind }[] = [
  { field: 'max_drawdown', header: 'Max drawdown', kind: 'usd' },
  { field: 'rf', header: 'RF', kind: 'ratio' },
  { field: 'sharpe', header: 'Sharpe', kind: 'ratio' },
  { field: 'stdev', header: 'Stdev', kind: 'ratio' },
  { field: 'turnover', header: 'Turnover', kind: 'whole_usd' },
];
