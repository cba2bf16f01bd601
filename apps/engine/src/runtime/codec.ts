/**
 * A run (and the engine's other state) as jsonb: decimals are kept as {"$d": "text"} so they come back
 * exact and as decimals, not as numbers or plain strings.
 */
import { dec, Dec } from '../money';

export function encodeState(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, plain: unknown) {
    const raw = this[key];
    return raw instanceof Dec ? { $d: raw.toString() } : plain;
  });
}

function isDecimalBox(value: unknown): value is { $d: string } {
  return typeof value === 'object' && value !== null && '$d' in value && typeof value.$d === 'string' && Object.keys(value).length === 1;
}

/** Back from jsonb text or a value pg already parsed; the caller names the shape it wrote. */
export function decodeState<T>(stored: unknown): T {
  const text = typeof stored === 'string' ? stored : JSON.stringify(stored);
  return JSON.parse(text, (_key, value: unknown) => (isDecimalBox(value) ? dec(value.$d) : value));
}
