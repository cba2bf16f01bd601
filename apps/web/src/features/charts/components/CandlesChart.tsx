import { alpha, Box, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { CandlestickSeries, createChart, createSeriesMarkers, HistogramSeries, type SeriesMarker, type UTCTimestamp } from 'lightweight-charts';
import { CHART_HEIGHT, type CandleBar, type CandleTimeframe } from '@console/contracts';
import { candleColours, chartTime as toTime, themedChartOptions } from '../../../ui/charts/chart-base';
import { chartColours } from '../../../ui/charts/chart-format';

/** The decimals the bars' prices carry (the store keeps each source's own), at most 8. */
export function priceDecimals(bars: readonly CandleBar[]): number {
  let decimals = 0;
  for (const b of bars) for (const v of [b.open, b.high, b.low, b.close]) decimals = Math.max(decimals, v.split('.')[1]?.length ?? 0);
  return Math.min(decimals, 8);
}

/** A mark on a candle: a trade's entry or exit (its time is put on the bar it falls in by the chart). */
export interface CandleMarker {
  /** UTC instant. */
  at: string;
  kind: 'entry' | 'exit';
  /** Long entries point up, short entries down; exits the other way. */
  side: 'long' | 'short';
  text: string;
}

/** Stored candles as candlesticks (green up, red down), volume as columns along the bottom; markers on the candles when given. */
export function CandlesChart({ bars, timeframe, markers, testId = 'candles-chart' }: { bars: readonly CandleBar[]; timeframe: CandleTimeframe; markers?: readonly CandleMarker[]; testId?: string }) {
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
    const candles = chart.addSeries(CandlestickSeries, {
        priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals },
        ...candleColours(colours),
      });
    candles.setData(bars.map((b) => ({ time: toTime(b.time), open: Number(b.open), high: Number(b.high), low: Number(b.low), close: Number(b.close) })));
    if (markers?.length) {
      // A marker sits on the bar that holds its instant: the last bar starting at or before it.
      const starts = bars.map((b) => toTime(b.time));
      const barOf = (at: string) => {
        const t = toTime(at);
        let found = starts[0];
        for (const s of starts) if (s <= t) found = s;
        return found;
      };
      const marks: SeriesMarker<UTCTimestamp>[] = markers
        .filter(() => starts.length > 0)
        .map((m) => {
          const up = (m.kind === 'entry') === (m.side === 'long');
          return { time: barOf(m.at), position: up ? ('belowBar' as const) : ('aboveBar' as const), shape: up ? ('arrowUp' as const) : ('arrowDown' as const), color: m.kind === 'entry' ? theme.palette.info.main : theme.palette.warning.main, text: m.text };
        })
        .sort((a, b) => a.time - b.time);
      createSeriesMarkers(candles, marks);
    }
    // The canvas cannot be read back: the marks drawn are counted on the element, for tests and tools.
    element.dataset.markers = String(markers?.length && bars.length ? markers.length : 0);
    // Volume on its own scale in the bottom fifth, under the candles.
    const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, color: alpha(theme.palette.text.primary, 0.12) });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.85, bottom: 0 } });
    volume.setData(bars.map((b) => ({ time: toTime(b.time), value: Number(b.volume) })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [bars, timeframe, theme, markers]);
  return <Box ref={container} sx={{ width: '100%', height: CHART_HEIGHT }} data-testid={testId} />;
}
