import { Box, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type Time,
} from 'lightweight-charts';
import { CHART_HEIGHT, type ChartDataType, type ChartPoint, type ChartTimeframe, type ChartType } from '@console/contracts';
import { candleColours, chartTime as toTime, themedChartOptions } from './chart-base';
import { chartColours, chartDatePattern, formatAxisValue, formatChartDate } from './chart-format';

export interface ChartSeries {
  dataType: ChartDataType;
  chartType: ChartType;
  points: readonly ChartPoint[];
}

/**
 * One chart of one or two series (lightweight-charts), 400 px high: candles green up and red down, a
 * line, or columns. A second series takes the left price scale, so both keep their own units.
 */
export function StatsChart({ series, tf, testId }: { series: readonly ChartSeries[]; tf: ChartTimeframe; testId?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colours = chartColours(theme);
    const chart: IChartApi = createChart(element, {
      ...themedChartOptions(theme, CHART_HEIGHT),
      rightPriceScale: { visible: true },
      leftPriceScale: { visible: series.length > 1 },
      localization: { timeFormatter: (time: Time) => formatChartDate(tf, Number(time)) },
      timeScale: {
        timeVisible: tf === '1m' || tf === '1h',
        tickMarkFormatter: (time: Time) => formatChartDate(tf, Number(time)),
        // Marks are spaced for 8 characters unless told; dates with the time are longer and would overlap.
        tickMarkMaxCharacterLength: chartDatePattern(tf).length,
      },
    });
    series.forEach((s, index) => {
      const common = {
        priceScaleId: index === 0 ? 'right' : 'left',
        priceFormat: { type: 'custom' as const, minMove: 0.01, formatter: (value: number) => formatAxisValue(s.dataType, value) },
      };
      if (s.chartType === 'candles') {
        chart
          .addSeries(CandlestickSeries, { ...common, ...candleColours(colours) })
          .setData(s.points.map((p) => ({ time: toTime(p.date), open: p.open ?? 0, high: p.high ?? 0, low: p.low ?? 0, close: p.close ?? 0 })));
      } else if (s.chartType === 'column') {
        chart.addSeries(HistogramSeries, { ...common, color: colours.series[index] }).setData(s.points.map((p) => ({ time: toTime(p.date), value: p.value ?? 0 })));
      } else {
        chart.addSeries(LineSeries, { ...common, color: colours.series[index], lineWidth: 2 }).setData(s.points.map((p) => ({ time: toTime(p.date), value: p.value ?? 0 })));
      }
    });
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [series, tf, theme]);
  return <Box ref={container} sx={{ width: '100%', height: CHART_HEIGHT }} data-testid={testId} />;
}
