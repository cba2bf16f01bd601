/**
 * The decimal policy in code (docs/decisions/trading-data.md): money, prices and quantities are exact decimals,
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
  if (typeof value === 'string') {
    const fast = jsonNumberOfText(value, places);
    if (fast !== null) return fast;
  }
  const rounded = places === undefined ? dec(value) : roundTo(value, places);
  const number = rounded.toSignificantDigits(15, Dec.ROUND_HALF_UP).toNumber();
  return Object.is(number, -0) ? 0 : number;
}

/**
 * toJsonNumber's usual case without decimal.js (a list of hundreds of rows has thousands of numbers):
 * NUMERIC text rounded to `places` on its digits, halves away from zero. Null, for the general path,
 * when the text is not plain notation or keeps more than 15 significant digits.
 */
export function jsonNumberOfText(text: string, places?: number): number | null {
  // Most texts need neither rounding nor trimming (15 digits at most, no more decimals than `places`):
  // their number is the text's own, read without a regular expression (exports read millions).
  if (isPlainNumberText(text, places)) {
    const number = Number(text);
    return number === 0 ? 0 : number;
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  let digits = whole + fraction;
  let scale = fraction.length;
  if (places !== undefined && scale > places) {
    const kept = whole.length + places;
    const up = digits.charCodeAt(kept) >= 53; // '5' or more
    digits = digits.slice(0, kept);
    scale = places;
    if (up) digits = plusOne(digits);
  }
  // Zeros closing the fraction change nothing (NUMERIC's scale pads every value with them); left in,
  // they would send a price such as 1558.490000000000 the general way for its sixteen digits.
  while (scale > 0 && digits.charCodeAt(digits.length - 1) === 48) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  if (digits.replace(/^0+/, '').length > 15) return null;
  const point = digits.length - scale;
  const number = Number(`${sign}${digits.slice(0, point) || '0'}${scale ? `.${digits.slice(point)}` : ''}`);
  return Object.is(number, -0) ? 0 : number;
}

/**
 * Plain notation (`-?digits(.digits)?`) of at most 15 digits and at most `places` decimals: the text of a
 * number as Excel and JSON read it, with nothing to round.
 */
export function isPlainNumberText(text: string, places?: number): boolean {
  const length = text.length;
  if (length === 0 || length > 17) return false;
  let i = text.charCodeAt(0) === 45 ? 1 : 0; // '-'
  let digits = 0;
  let decimals = -1;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      digits += 1;
      if (decimals >= 0) decimals += 1;
    } else if (code === 46 && decimals < 0 && digits > 0) {
      decimals = 0;
    } else {
      return false;
    }
  }
  if (digits === 0 || digits > 15 || decimals === 0) return false;
  return places === undefined || decimals <= places;
}

/** A digit string plus one in its last place ('199' → '200', '99' → '100'). */
function plusOne(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/** toJsonNumber for a column that may be NULL. */
export function toJsonNumberOrNull(value: string | number | Dec | null | undefined, places?: number): number | null {
  return value === null || value === undefined ? null : toJsonNumber(value, places);
}
