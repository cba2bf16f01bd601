/**
 * Periods of the working time frames (1h, 4h, 1d, 1w, 1M), in UTC: hours and days from midnight, weeks
 * from Monday 00:00, months from the 1st.
 */
import type { Timeframe } from '@console/contracts';
import { DAY_MS } from './candle';

const HOUR_MS = 3_600_000;
/** 1970-01-05, the first Monday of the epoch. */
const FIRST_MONDAY = 4 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;

const FIXED_MS: Partial<Record<Timeframe, number>> = { '1h': HOUR_MS, '4h': 4 * HOUR_MS, '1d': DAY_MS };

/** The first millisecond of the period holding `at`. */
export function periodStart(timeframe: Timeframe, at: number): number {
  const fixed = FIXED_MS[timeframe];
  if (fixed) return Math.floor(at / fixed) * fixed;
  if (timeframe === '1w') return Math.floor((at - FIRST_MONDAY) / WEEK_MS) * WEEK_MS + FIRST_MONDAY;
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The first millisecond of the period after the one holding `at`. */
export function nextPeriodStart(timeframe: Timeframe, at: number): number {
  const fixed = FIXED_MS[timeframe];
  if (fixed) return periodStart(timeframe, at) + fixed;
  if (timeframe === '1w') return periodStart(timeframe, at) + WEEK_MS;
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
