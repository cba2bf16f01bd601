// The SPA's StatsChart rebuilt on apexcharts, for scripts/bench/charts.mjs: the same series, colours
// (from the MUI theme, so dark mode follows) and axis formats, as options for react-apexcharts.
import type { Theme } from '@mui/material';
import type { ApexOptions } from 'apexcharts';
import { CHART_HEIGHT, type ChartDataType, type ChartPoint, type ChartTimeframe, type ChartType } from '@console/contracts';
import { chartColours, formatAxisValue, formatChartDate } from '../../../apps/web/src/ui/charts/chart-format';

export interface ApexChartSeries {
  dataType: ChartDataType;
  chartType: ChartType;
  points: readonly ChartPoint[];
}

export interface ApexChartProps {
  series: readonly ApexChartSeries[];
  tf: ChartTimeframe;
  testId?: string;
  /** The bench's clock: called once the chart has drawn (apexcharts' `mounted` event). */
  onDrawn?: () => void;
}

const APEX_TYPE: Record<ChartType, 'candlestick' | 'line' | 'bar'> = { candles: 'candlestick', line: 'line', column: 'bar' };

export function apexChart({ series, tf, onDrawn }: ApexChartProps, theme: Theme, renderer: 'svg' | 'canvas') {
  const colours = chartColours(theme);
  const { palette } = theme;
  const apexSeries = series.map((s, index) => ({
    name: s.dataType,
    type: APEX_TYPE[s.chartType],
    color: colours.series[index],
    data:
      s.chartType === 'candles'
        ? s.points.map((p) => ({ x: Date.parse(p.date), y: [p.open ?? 0, p.high ?? 0, p.low ?? 0, p.close ?? 0] }))
        : s.points.map((p) => ({ x: Date.parse(p.date), y: p.value ?? 0 })),
  }));
  const dateLabel = (value: string | number, timestamp?: number) => formatChartDate(tf, (timestamp ?? Number(value)) / 1000);
  const options: ApexOptions = {
    chart: {
      height: CHART_HEIGHT,
      background: palette.background.paper,
      foreColor: palette.text.secondary,
      fontFamily: theme.typography.fontFamily,
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
      renderer,
      events: { mounted: () => onDrawn?.() },
    },
    theme: { mode: palette.mode },
    grid: { borderColor: palette.divider },
    legend: { show: false },
    dataLabels: { enabled: false },
    stroke: { width: series.map((s) => (s.chartType === 'line' ? 2 : 1)) },
    plotOptions: { candlestick: { colors: { upward: colours.up, downward: colours.down } } },
    xaxis: { type: 'datetime', labels: { datetimeUTC: false, formatter: dateLabel } },
    // The first series on the right scale, a second one on the left, each in its own unit.
    yaxis: series.map((s, index) => ({ opposite: index === 0, labels: { formatter: (value: number) => formatAxisValue(s.dataType, value) } })),
    tooltip: { theme: palette.mode, x: { formatter: (value: number) => formatChartDate(tf, value / 1000) } },
  };
  return { type: apexSeries[0]?.type ?? 'line', series: apexSeries, options };
}
