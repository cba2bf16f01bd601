import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { STATS_UI } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { ChartTitle } from '../../../ui/charts/ChartTitle';
import { StatsChart, type ChartSeries } from '../../../ui/charts/StatsChart';
import type { useChart } from '../api/get-chart';
import type { ChartSettings } from './chart-settings';

interface Props {
  applied: ChartSettings;
  first: ReturnType<typeof useChart>;
  second: ReturnType<typeof useChart>;
}

/** The applied chart or charts: together in one frame, or one frame each when separated. */
export function ChartsArea({ applied, first, second }: Props) {
  const series: ChartSeries[] = [];
  if (first.data) series.push({ dataType: first.data.data_type, chartType: first.data.chart_type, points: first.data.points });
  if (applied.charts === 2 && second.data) series.push({ dataType: second.data.data_type, chartType: second.data.chart_type, points: second.data.points });
  const loading = first.isPending || (applied.charts === 2 && second.isPending);
  const error = first.error ?? (applied.charts === 2 ? second.error : null);
  const empty = !loading && !error && series.every((s) => s.points.length === 0);
  return (
    <Box data-testid="charts-area">
      {loading && <CircularProgress size={28} />}
      {error && <Alert severity="error">{normaliseError(error)}</Alert>}
      {empty && <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{STATS_UI.chartsEmpty}</Typography>}
      {!loading && !error && !empty &&
        (applied.separated && series.length > 1 ? (
          series.map((s, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 1, mb: 2 }}>
              <ChartTitle dataTypes={[s.dataType]} />
              <StatsChart series={[s]} tf={applied.tf} testId={`stats-chart-${i + 1}`} />
            </Paper>
          ))
        ) : (
          <Paper variant="outlined" sx={{ p: 1 }}>
            <ChartTitle dataTypes={series.map((s) => s.dataType)} />
            <StatsChart series={series} tf={applied.tf} testId="stats-chart-1" />
          </Paper>
        ))}
    </Box>
  );
}
