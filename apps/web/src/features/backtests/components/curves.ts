import type { BacktestEquityPoint } from '@console/contracts';

export interface CurvePoint {
  /** Seconds since the epoch (the chart's time). */
  time: number;
  value: number;
}

const seconds = (at: string) => Math.floor(Date.parse(at) / 1000);

/** The curve as a return on the deposit, %: runs with other deposits then share one axis. */
export function returnCurve(deposit: string, equity: readonly BacktestEquityPoint[]): CurvePoint[] {
  const start = Number(deposit);
  return equity.map((p) => ({ time: seconds(p.at), value: start > 0 ? (100 * (Number(p.equity) - start)) / start : 0 }));
}

/** How far below its highest point so far the curve is, % (≤ 0), the deposit being the first peak. */
export function drawdownCurve(deposit: string, equity: readonly BacktestEquityPoint[]): CurvePoint[] {
  let peak = Number(deposit);
  return equity.map((p) => {
    const value = Number(p.equity);
    peak = Math.max(peak, value);
    return { time: seconds(p.at), value: peak > 0 ? (100 * (value - peak)) / peak : 0 };
  });
}

/** A run's duration as people read it: 850 ms, 4.2 s, 3 min 5 s. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s`;
}
