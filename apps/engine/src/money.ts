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

/** A decimal from text, a finite number (read through its shortest text: 0.1 is 0.1) or a decimal. */
export function dec(value: DecValue): Dec {
  if (value instanceof Dec) return value;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return new Dec(value);
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
