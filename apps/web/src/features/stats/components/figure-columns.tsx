import { Tab, Tabs } from '@mui/material';
import { STATS_TABS, type ListColumn, type StatsTab } from '@console/contracts';

export { STATS_TABS, type StatsTab };

/** Whether a declared column shows on the tab: the figures on their own tab, the row's names on every tab. */
export const onTab =
  (tab: StatsTab) =>
  <Row,>(column: ListColumn<Row>): boolean =>
    column.tab === undefined || column.tab === tab;

export function StatsTabs({ tab, onChange }: { tab: StatsTab; onChange: (tab: StatsTab) => void }) {
  return (
    <Tabs value={tab} onChange={(_, next: StatsTab) => onChange(next)} sx={{ mb: 1 }}>
      {STATS_TABS.map((t) => (
        <Tab key={t} value={t} label={t} />
      ))}
    </Tabs>
  );
}
