// apexcharts as react-apexcharts' default entry brings it: every chart type and the default features.
import { Box, useTheme } from '@mui/material';
import { useMemo } from 'react';
import Chart from 'react-apexcharts';
import { CHART_HEIGHT } from '@console/contracts';
import { apexChart, type ApexChartProps } from './apex-options';

export function StatsChart(props: ApexChartProps) {
  const theme = useTheme();
  const chart = useMemo(() => apexChart(props, theme, 'svg'), [props, theme]);
  return (
    <Box sx={{ width: '100%', height: CHART_HEIGHT }} data-testid={props.testId}>
      <Chart type={chart.type} series={chart.series} options={chart.options} height={CHART_HEIGHT} />
    </Box>
  );
}
