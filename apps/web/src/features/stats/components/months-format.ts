import { CHART_DATE_FORMATS, EMPTY_VALUE, formatMoney, returnBand, uptimeParts } from '@console/contracts';
import { format, parseISO } from 'date-fns';

/** Whole dollars (turnover), dollars with cents (other amounts), percents with 2 decimals: the summary's figures. */
export const wholeDollars = (v: number | null | undefined) => (v === null || v === undefined ? EMPTY_VALUE : formatMoney(v, 0));
export const dollars = (v: number | null | undefined) => (v === null || v === undefined ? EMPTY_VALUE : formatMoney(v, 2));
export const percent = (v: number | null | undefined) => (v === null || v === undefined ? EMPTY_VALUE : `${v.toFixed(2)}%`);

/** A month as its label, 'MMM yyyy' ('Sep 2026'). */
export const monthLabel = (period: string | null) => (period ? format(parseISO(period), CHART_DATE_FORMATS.month) : EMPTY_VALUE);

/** 'System works': years, months and days of 365 and 30 days. */
export function uptimeText(days: number): string {
  const p = uptimeParts(days);
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return `${part(p.years, 'year')}, ${part(p.months, 'month')}, ${part(p.days, 'day')}`;
}

/** The return colour scale (thresholds 0, 5, 8, 15): red below zero, then ever deeper greens. */
const BAND_COLOURS = ['error.main', 'warning.main', 'success.light', 'success.main', 'success.dark'] as const;
export function returnColour(v: number | null | undefined): string | undefined {
  const band = returnBand(v);
  return band === null ? undefined : BAND_COLOURS[band];
}
