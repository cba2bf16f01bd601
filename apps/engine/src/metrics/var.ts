/**
 * Value at risk by historical simulation: the open exposures are revalued under every h-minute price
 * move of the look-back window (overlapping windows of the minute closes), and VaR is the loss at the
 * (1 − confidence) quantile of those outcomes (nearest rank: the k-th worst of m, k = ⌈(1 − c) · m⌉),
 * never below 0. Correlations come with the history, nothing is assumed about the distribution.
 * Defaults: one day of minutes, a one-hour horizon, 95 %.
 *
 * It is an estimate, so it runs on doubles; the result is rounded to the money scale. A pair without
 * enough history is left out (nothing to simulate it with).
 */
import { dec, toScale, ZERO, type Dec } from '../money';

export interface VarSettings {
  lookbackMinutes: number;
  horizonMinutes: number;
  confidence: number;
}

export const DEFAULT_VAR_SETTINGS: VarSettings = { lookbackMinutes: 1440, horizonMinutes: 60, confidence: 0.95 };

export interface Exposure {
  ticker: string;
  /** USD value at the current price, + for long, − for short. */
  notional: Dec;
}

/**
 * VaR of the exposures; `closes` holds each ticker's minute closes, oldest first, all ending at the
 * same minute (the newest `lookbackMinutes + 1` are read).
 */
export function historicalVar(exposures: readonly Exposure[], closes: ReadonlyMap<string, ArrayLike<number>>, settings: VarSettings = DEFAULT_VAR_SETTINGS): Dec {
  const h = settings.horizonMinutes;
  const used: { notional: number; series: ArrayLike<number> }[] = [];
  let scenarios = Infinity;
  const netByTicker = new Map<string, Dec>();
  for (const e of exposures) netByTicker.set(e.ticker, (netByTicker.get(e.ticker) ?? ZERO).plus(e.notional));
  for (const [ticker, notional] of netByTicker) {
    const series = closes.get(ticker);
    if (!series || series.length <= h || notional.isZero()) continue;
    used.push({ notional: notional.toNumber(), series });
    scenarios = Math.min(scenarios, Math.min(series.length, settings.lookbackMinutes + 1) - h);
  }
  if (!used.length) return ZERO;
  const outcomes = new Float64Array(scenarios);
  // Scenario j is the move from minute j to minute j + h of the window every series ends with.
  for (const { notional, series } of used) {
    const start = series.length - (scenarios + h);
    for (let j = 0; j < scenarios; j++) outcomes[j] += notional * (series[start + j + h] / series[start + j] - 1);
  }
  const k = Math.max(1, Math.ceil((1 - settings.confidence) * scenarios));
  const loss = -kthSmallest(outcomes, k - 1);
  return loss > 0 ? toScale(dec(loss), 'money') : ZERO;
}

/**
 * The value a sort would put at `index` (Hoare's selection, in place): the engine asks for VaR every
 * minute a position is open, and a full sort of the scenarios was a quarter of its time.
 */
function kthSmallest(values: Float64Array, index: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (index <= j) hi = j;
    else if (index >= i) lo = i;
    else return values[index];
  }
  return values[index];
}
