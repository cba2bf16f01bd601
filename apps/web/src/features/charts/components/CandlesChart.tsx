import { alpha, Box, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { CandlestickSeries, createChart, HistogramSeries } from 'lightweight-charts';
import { CHART_HEIGHT, type CandleBar, type CandleTimeframe } from '@console/contracts';
import { candleColours, chartTime as toTime, themedChartOptions } from '../../../ui/charts/chart-base';
import { chartColours } from '../../../ui/charts/chart-format';

/** The decimals the bars' prices carry (the store keeps each source's own), at most 8. */
export function priceDecimals(bars: readonly CandleBar[]): number {
  let decimals = 0;
  for (const b of bars) for (const v of [b.open, b.high, b.low, b.close]) decimals = Math.max(decimals, v.split('.')[1]?.length ?? 0);
  return Math.min(decimals, 8);
}

/** Stored candles as candlesticks (green up, red down), volume as columns along the bottom. */
export function CandlesChart({ bars, timeframe }: { bars: readonly CandleBar[]; timeframe: CandleTimeframe }) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colours = chartColours(theme);
    const decimals = priceDecimals(bars);
    const chart = createChart(element, {
      ...themedChartOptions(theme, CHART_HEIGHT),
      timeScale: { timeVisible: !['1d', '1w', '1M'].includes(timeframe) },
    });
    chart
      .addSeries(CandlestickSeries, {
        priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals },
        ...candleColours(colours),
      })
      .setData(bars.map((b) => ({ time: toTime(b.time), open: Number(b.open), high: Number(b.high), low: Number(b.low), close: Number(b.close) })));
    // Volume on its own scale in the bottom fifth, under the candles.
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, color: alpha(theme.palette.text.primary, 0.12) });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.85, bottom: 0 } });
    volume.setData(bars.map((b) => ({ time: toTime(b.time), value: Number(b.volume) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [bars, timeframe, theme]);
  return <Box ref={container} sx={{ width: '100%', height: CHART_HEIGHT }} data-testid="candles-chart" />;
}
