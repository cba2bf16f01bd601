/**
 * The decimal policy in code (docs/decisions.md): money, prices and quantities are exact decimals,
 * never binary floats. Values come from PostgreSQL NUMERIC as strings, and from JSON bodies as
 * numbers; arithmetic runs on decimal.js; answers carry JSON numbers rounded to the spec's decimals.
 */
import Decimal from 'decimal.js';

/**
 * Our own configured constructor (the global Decimal stays untouched for any library that uses it):
 * 40 significant digits (the widest column, numeric(30, 12), needs 30; a product of two needs more
 * only beyond any real price times quantity), and halves rounded away from zero like PostgreSQL's
 * round(numeric), so the API and SQL round alike.
 */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof Dec>;

/** The scale of each kind of NUMERIC column (migrations write them out: numeric(p, scale)). */
export const SCALE = { money: 8, price: 12, quantity: 12, ratio: 8 } as const;
export type ScaleKind = keyof typeof SCALE;

/** Plain decimal notation: what PostgreSQL writes for NUMERIC and what a decimal string input may hold. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A decimal from a NUMERIC column's text, a JSON number or another decimal. Text must be plain
 * decimal notation (decimal.js alone would also read '0x10', '1e3' or 'Infinity'); a number must be
 * finite and is read through its shortest round-trip text, so 0.1 is exactly 0.1.
 */
export function dec(value: string | number | Dec): Dec {
  if (value instanceof Dec) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return new Dec(value);
  }
  if (!DECIMAL_TEXT.test(value)) throw new RangeError(`not a decimal: ${JSON.stringify(value)}`);
  return new Dec(value);
}

/** A NUMERIC column that may be NULL. */
export function decOrNull(value: string | number | null | undefined): Dec | null {
  return value === null || value === undefined ? null : dec(value);
}

/** The exact sum; zero for none. */
export function sum(values: Iterable<string | number | Dec>): Dec {
  let total = new Dec(0);
  for (const value of values) total = total.plus(dec(value));
  return total;
}

/** Rounded to `places` decimals, halves away from zero. */
export function roundTo(value: string | number | Dec, places: number): Dec {
  return dec(value).toDecimalPlaces(places, Dec.ROUND_HALF_UP);
}

/** Text with exactly `places` decimals ('12.30'), for files and messages. */
export function formatFixed(value: string | number | Dec, places: number): string {
  return dec(value).toFixed(places, Dec.ROUND_HALF_UP);
}

/** A query parameter for a NUMERIC column of that kind: rounded to its scale, plain notation. */
export function toDbText(value: string | number | Dec, kind: ScaleKind): string {
  return roundTo(value, SCALE[kind]).toFixed();
}

/**
 * A JSON number for an answer: rounded to the spec's decimals for the field when it has some, then to
 * 15 significant digits, the most a double carries exactly both ways, so the number read by the SPA
 * is the decimal meant (12.3 stays 12.3, never 12.299999999999999).
 */
export function toJsonNumber(value: string | number | Dec, places?: number): number {
  // Most stored values have few significant digits: read straight, they are already the number meant.
  if (places === undefined && typeof value === 'string' && isShortDecimalText(value)) {
    const number = Number(value);
    return Object.is(number, -0) ? 0 : number;
  }
  const rounded = places === undefined ? dec(value) : roundTo(value, places);
  const number = rounded.toSignificantDigits(15, Dec.ROUND_HALF_UP).toNumber();
  return Object.is(number, -0) ? 0 : number;
}

/**
 * Plain decimal text of at most 15 significant digits: a double holds it exactly both ways, so Number()
 * answers what decimal.js would after rounding to 15 digits, at a fraction of the cost (a page of 200
 * signals has some 2,600 numbers).
 */
function isShortDecimalText(text: string): boolean {
  if (text.length > 40 || !DECIMAL_TEXT.test(text)) return false;
  return text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length <= 15;
}

/** toJsonNumber for a column that may be NULL. */
export function toJsonNumberOrNull(value: string | number | Dec | null | undefined, places?: number): number | null {
  return value === null || value === undefined ? null : toJsonNumber(value, places);
}
