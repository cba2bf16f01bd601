import { Tab, Tabs } from '@mui/material';
import type { Column } from '../../../ui/table/DataTable';
import { FIGURE_COLUMNS, formatFigure, RISK_COLUMNS, type SignalFigures } from '../../../ui/trading/stats-types';

export const STATS_TABS = ['Results', 'Risk'] as const;
export type StatsTab = (typeof STATS_TABS)[number];

/** The figure columns of a tab: the results (counts, sums, averages) or the risk figures (drawdown, RF, Sharpe, Stdev). */
export function figureColumns<Row extends SignalFigures>(tab: StatsTab, sortable: readonly string[]): Column<Row>[] {
  const source = tab === 'Results' ? FIGURE_COLUMNS : RISK_COLUMNS;
  return source.map((c) => ({
    field: c.field,
    header: c.header,
    sortable: sortable.includes(c.field),
    render: (row: Row) => formatFigure(row[c.field as keyof SignalFigures] as number | null | undefined, c.kind),
  }));
}

export function StatsTabs({ tab, onChange }: { tab: StatsTab; onChange: (tab: StatsTab) => void }) {
  return (
    <Tabs value={tab} onChange={(_, next: StatsTab) => onChange(next)} sx={{ mb: 1 }}>
      {STATS_TABS.map((t) => (
        <Tab key={t} value={t} label={t} />
      ))}
    </Tabs>
  );
}
