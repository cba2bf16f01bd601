import { isTickerConfigLocked, tickersFromPaste, type PairOption, type TickerConfigStatus } from '@console/contracts';

/** The pairs a paste names, in the order pasted: only active ones, each once. */
export function pairsFromPaste(text: string, activePairs: readonly PairOption[]): PairOption[] {
  const byTicker = new Map(activePairs.map((pair) => [pair.ticker.toUpperCase(), pair]));
  return tickersFromPaste(text, new Set(byTicker.keys())).flatMap((ticker) => byTicker.get(ticker) ?? []);
}

/** Pasted pairs added to those already picked, without repeats. */
export function mergePairs(current: readonly PairOption[], added: readonly PairOption[]): PairOption[] {
  const seen = new Set(current.map((pair) => pair.id));
  return [...current, ...added.filter((pair) => !seen.has(pair.id) && seen.add(pair.id))];
}

/** The toggle: Deactivate (a stop) for active and starting, Activate (a start) for inactive and stopping. */
export function tickerToggle(status: TickerConfigStatus): { label: 'Activate' | 'Deactivate'; target: 'active' | 'inactive' } {
  return isTickerConfigLocked(status) ? { label: 'Deactivate', target: 'inactive' } : { label: 'Activate', target: 'active' };
}
