/**
 * Which rollup a chart reads and how wide its buckets are, so that a series has at most CHART_MAX_POINTS
 * points whatever the range (docs/decisions/statistics-and-charts.md). Pure, tested on its own.
 */
import { CHART_MAX_POINTS, type ChartTimeframe } from '@console/contracts';

export type ChartSource = 'minutes' | '1h' | '1d' | '1w' | '1M';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** Past these widths the next coarser rollup answers with fewer rows to read (at most 2,000 × 5 or × 6 of them). */
const HOURLY_FROM = 5 * MINUTE;
const DAILY_FROM = 6 * HOUR;
const TF_SECONDS: Record<ChartTimeframe, number> = { '1m': MINUTE, '1h': HOUR, '1d': DAY, '1w': 7 * DAY, '1M': 30 * DAY };

export interface ChartPlan {
  source: ChartSource;
  /** Bucket width in seconds; 0 for calendar weeks and months (the rollup's own buckets). */
  bucketSeconds: number;
}

const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;

export function planChart(tf: ChartTimeframe, rangeSeconds: number): ChartPlan {
  if (tf === '1w' || tf === '1M') return { source: tf, bucketSeconds: 0 };
  const step = TF_SECONDS[tf];
  let bucket = Math.max(step, ceilTo(rangeSeconds / CHART_MAX_POINTS, step));
  if (bucket > DAILY_FROM) bucket = ceilTo(bucket, DAY);
  else if (bucket > HOURLY_FROM) bucket = ceilTo(bucket, HOUR);
  const source: ChartSource = bucket % DAY === 0 ? '1d' : bucket % HOUR === 0 ? '1h' : 'minutes';
  return { source, bucketSeconds: bucket };
}

export function tfSeconds(tf: ChartTimeframe): number {
  return TF_SECONDS[tf];
}
