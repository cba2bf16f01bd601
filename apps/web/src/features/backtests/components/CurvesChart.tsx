import { Box, Typography, useTheme } from '@mui/material';
import { useEffect, useRef } from 'react';
import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { themedChartOptions } from '../../../ui/charts/chart-base';
import type { CurvePoint } from './curves';

export interface NamedCurve {
  name: string;
  points: readonly CurvePoint[];
}

const HEIGHT = 320;

const hasPoints = (curves: readonly NamedCurve[]) => curves.some((c) => c.points.length > 0);

/** Several curves in % on one axis (a run's return or drawdown; the compare view's runs), each in its own colour. */
export function CurvesChart({ curves, testId }: { curves: readonly NamedCurve[]; testId?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  // Callers build the curves on each render; the chart is drawn again only when what it shows changes.
  const drawn = useRef(curves);
  const signature = curves.map((c) => `${c.name}:${c.points.length}:${c.points[0]?.time}:${c.points.at(-1)?.value}`).join('|');
  useEffect(() => {
    drawn.current = curves;
  });
  useEffect(() => {
    const curves = drawn.current;
    const element = container.current;
    if (!element || !hasPoints(drawn.current)) return;
    const { palette } = theme;
    const colours = [palette.primary.main, palette.warning.main, palette.success.main, palette.error.main, palette.info.main, palette.secondary.main];
    const chart = createChart(element, {
      ...themedChartOptions(theme, HEIGHT),
      // A year of hourly points is wider than the chart at the default least spacing: the whole period fits in view.
      timeScale: { timeVisible: true, minBarSpacing: 0.01 },
    });
    curves.forEach((curve, index) => {
      chart
        .addSeries(LineSeries, { color: colours[index % colours.length], lineWidth: 2, title: curve.name, priceFormat: { type: 'custom', minMove: 0.01, formatter: (v: number) => `${v.toFixed(2)}%` } })
        .setData(curve.points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    });
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [signature, theme]);
  if (!hasPoints(curves)) return <Typography color="text.secondary">No curve to draw yet.</Typography>;
  return <Box ref={container} sx={{ width: '100%', height: HEIGHT }} data-testid={testId} />;
}
