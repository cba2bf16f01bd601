import type { Theme } from '@mui/material';
import { CHART_DATE_FORMATS, type ChartDataType, type ChartTimeframe } from '@console/contracts';
import { format } from 'date-fns';

/** Axis values: NAV in whole dollars, the others percents with 2 decimals. */
export function formatAxisValue(dataType: ChartDataType, value: number): string {
  return dataType === 'NAV' ? `$${Math.round(value).toLocaleString('en-US')}` : `${value.toFixed(2)}%`;
}

/** Axis dates: with the time for minute and hour frames, 'MMM yyyy' monthly, dd.MM.yy otherwise. */
export function chartDatePattern(tf: ChartTimeframe): string {
  if (tf === '1m' || tf === '1h') return CHART_DATE_FORMATS.withTime;
  return tf === '1M' ? CHART_DATE_FORMATS.month : CHART_DATE_FORMATS.date;
}

export function formatChartDate(tf: ChartTimeframe, seconds: number): string {
  return format(new Date(seconds * 1000), chartDatePattern(tf));
}

/** The series colours of the current theme (light or dark): candles up and down, and the two series. */
export function chartColours(theme: Theme): { up: string; down: string; series: [string, string] } {
  const { palette } = theme;
  return { up: palette.success.main, down: palette.error.main, series: [palette.primary.main, palette.warning.main] };
}
