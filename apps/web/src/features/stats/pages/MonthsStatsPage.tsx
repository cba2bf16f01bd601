import { Alert, Box, FormControlLabel, Paper, Switch, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { MONTHS_DEFAULT_ORDER, permOf, STATS_UI, type MonthsOrder, type MonthsView } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ChartTitle } from '../../../ui/charts/ChartTitle';
import { StatsChart } from '../../../ui/charts/StatsChart';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { useEquityChart } from '../api/get-equity-chart';
import { useMonthsStats } from '../api/get-months-stats';
import { DateRangePicker, type MonthsRange } from '../components/DateRangePicker';
import { MonthsSummary } from '../components/MonthsSummary';
import { MonthsTable } from '../components/MonthsTable';
import { AccountTitle } from '../../../ui/text/EllipsisText';

/** 'Stats by months': a date range, the summary, the Administrator/Client views and the months table. */
export function MonthsStatsPage() {
  const { user } = useAuthState();
  const chartsAllowed = permOf(user?.group, 'charts').status !== 'NP';
  const [range, setRange] = useState<MonthsRange>({});
  const [order, setOrder] = useState<MonthsOrder>(MONTHS_DEFAULT_ORDER);
  const [view, setView] = useState<MonthsView>('admin');
  const [showSummary, setShowSummary] = useState(true);
  const stats = useMonthsStats(view, { order, date_from: range.date_from, date_to: range.date_to });
  const chart = useEquityChart(range, stats.data?.summary.system_start_date, chartsAllowed);

  return (
    <>
      <SectionTabs bar="stats" />
      <PageTitle>{STATS_UI.monthsTitle}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <DateRangePicker value={range} onChange={setRange} />
        <FormControlLabel sx={{ ml: 0 }} control={<Switch checked={showSummary} onChange={(e) => setShowSummary(e.target.checked)} />} label="Summary" />
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: MonthsView | null) => next && setView(next)}>
          <ToggleButton value="admin">Administrator</ToggleButton>
          <ToggleButton value="client">Client</ToggleButton>
        </ToggleButtonGroup>
        {stats.data?.exchange_account && (
          <Typography variant="body2" color="text.secondary">
            <AccountTitle title={stats.data.exchange_account.title} />
          </Typography>
        )}
      </Box>
      {stats.error && <Alert severity="error" sx={{ mb: 2 }}>{normaliseError(stats.error)}</Alert>}
      {showSummary && stats.data && <MonthsSummary summary={stats.data.summary} />}
      <MonthsTable view={view} data={stats.data} order={order} onOrder={setOrder} />
      {chartsAllowed && chart.data && chart.data.points.length > 0 && (
        <Paper variant="outlined" sx={{ p: 1, mt: 2 }} data-testid="months-chart">
          <ChartTitle dataTypes={[chart.data.data_type]} />
          <StatsChart series={[{ dataType: chart.data.data_type, chartType: chart.data.chart_type, points: chart.data.points }]} tf={chart.data.tf} />
        </Paper>
      )}
    </>
  );
}
