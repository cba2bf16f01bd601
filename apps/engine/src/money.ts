/**
 * Exact decimals for money, prices and coin amounts: a sum of fills or fees never drifts the way binary
 * floats do. The constructor is the engine's own clone (the global Decimal stays untouched): 40
 * significant digits and halves rounded away from zero, as PostgreSQL's round(numeric) does, so a value
 * rounded here is the value the column stores.
 */
import Decimal from 'decimal.js';
import { NUMERIC_SCALE, type NumericScaleKind } from '@console/contracts';

export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;
export type DecValue = Dec | string | number;

export const ZERO = new Dec(0);

// The last numbers read: a minute's candle (close, high, low, volume) is read into decimals several times
// per open signal (its mark, its fills), and decimals are immutable, so the same ones can be handed out again.
const RECENT = 4;
const recentNumbers: number[] = new Array<number>(RECENT).fill(Number.NaN);
const recentDecs: (Dec | null)[] = new Array<Dec | null>(RECENT).fill(null);
let nextRecent = 0;

/** A decimal from text, a finite number (read through its shortest text: 0.1 is 0.1) or a decimal. */
export function dec(value: DecValue): Dec {
  if (value instanceof Dec) return value;
  if (typeof value === 'number') {
    for (let i = 0; i < RECENT; i++) if (Object.is(recentNumbers[i], value)) return recentDecs[i]!;
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    const read = new Dec(value);
    recentNumbers[nextRecent] = value;
    recentDecs[nextRecent] = read;
    nextRecent = (nextRecent + 1) % RECENT;
    return read;
  }
  return new Dec(value);
}

const nearestNumbers = new WeakMap<Dec, number>();

/** The nearest number to `d`, worked out once per decimal: an entry or start price is read each minute. */
export function numberOf(d: Dec): number {
  let near = nearestNumbers.get(d);
  if (near === undefined) nearestNumbers.set(d, (near = d.toNumber()));
  return near;
}

/** d > 0, without making a decimal of the 0 as `greaterThan(0)` does: coins held are asked each minute. */
export function isPositive(d: Dec): boolean {
  return !d.isZero() && !d.isNegative();
}

/**
 * `x` (a finite number, read as its shortest text as `dec` reads it) compared with `d` exactly: -1, 0 or 1.
 * Rounding to the nearest double keeps order, so x below d's nearest double means dec(x) below d (and
 * above likewise); only a tie needs decimals. A candle's low or high meets an order's price this way each
 * minute without a decimal made of it.
 */
export function compareNumber(x: number, d: Dec): number {
  const near = numberOf(d);
  if (x < near) return -1;
  if (x > near) return 1;
  return dec(x).comparedTo(d);
}

const TICKS: Dec[] = [];

/** One tick of a price with `decimals` decimals: 10^-decimals. */
export function tickOf(decimals: number): Dec {
  return (TICKS[decimals] ??= new Dec(10).pow(-decimals));
}

/** Rounded to the scale of its column kind, halves away from zero. */
export function toScale(value: DecValue, kind: NumericScaleKind): Dec {
  return dec(value).toDecimalPlaces(NUMERIC_SCALE[kind], Dec.ROUND_HALF_UP);
}

/** A coin quantity cut (never rounded up) to the quantity scale: an order never asks for more than was meant. */
export function quantityDown(value: DecValue): Dec {
  return dec(value).toDecimalPlaces(NUMERIC_SCALE.quantity, Dec.ROUND_DOWN);
}

/** The exact sum; zero for none. */
export function sum(values: Iterable<DecValue>): Dec {
  let total = ZERO;
  for (const value of values) total = total.plus(dec(value));
  return total;
}

export function minDec(a: Dec, b: Dec): Dec {
  return a.lessThan(b) ? a : b;
}

export function maxDec(a: Dec, b: Dec): Dec {
  return a.greaterThan(b) ? a : b;
}
