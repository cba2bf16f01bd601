// As StatsChartApex, with apexcharts' canvas series renderer (axes and tooltips stay SVG).
import { Box, useTheme } from '@mui/material';
import { useMemo } from 'react';
import Chart from 'react-apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/candlestick';
import 'apexcharts/features/renderer-canvas';
import { CHART_HEIGHT } from '@console/contracts';
import { apexChart, type ApexChartProps } from './apex-options';

export function StatsChart(props: ApexChartProps) {
  const theme = useTheme();
  const chart = useMemo(() => apexChart(props, theme, 'canvas'), [props, theme]);
  return (
    <Box sx={{ width: '100%', height: CHART_HEIGHT }} data-testid={props.testId}>
      <Chart type={chart.type} series={chart.series} options={chart.options} height={CHART_HEIGHT} />
    </Box>
  );
}
