/**
 * What any request may carry, whatever the route: the bounds of ids and pages, how deep a JSON body
 * may nest, and which text is refused (docs/decisions/hardening.md). The API checks these before a
 * value reaches a service or PostgreSQL; the SPA may use the same checks on its forms.
 */
export const INPUT_LIMITS = {
  /** Row ids are PostgreSQL `integer` (serial): 1 to 2^31-1. */
  idMin: 1,
  idMax: 2_147_483_647,
  /** Signal, order, position and log ids are `bigint` (bigserial): up to 2^53-1, the largest id JSON carries exactly. */
  bigIdMax: Number.MAX_SAFE_INTEGER,
  /** The last page any list serves: 100,000 pages of the largest page size is 50 million rows. */
  pageMax: 100_000,
  /** Objects and arrays inside each other; the deepest body of any route nests 4 levels. */
  jsonDepthMax: 32,
} as const;

/** Whole-number strings as ids and pages arrive in paths and query strings: digits only, no sign, no exponent. */
const WHOLE_NUMBER = /^\d{1,16}$/;

/** A positive whole number within `max`, from a number or a string of digits; null for anything else. */
export function parseWholeNumber(value: unknown, max: number): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && WHOLE_NUMBER.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : null;
}

export function isId(value: unknown): value is number {
  return typeof value === 'number' && parseWholeNumber(value, INPUT_LIMITS.idMax) !== null;
}

/** An id of a bigint table (signals, orders, positions, logs). */
export function isBigId(value: unknown): value is number {
  return typeof value === 'number' && parseWholeNumber(value, INPUT_LIMITS.bigIdMax) !== null;
}

export function isPage(value: unknown): value is number {
  return typeof value === 'number' && parseWholeNumber(value, INPUT_LIMITS.pageMax) !== null;
}

/** A UTF-16 surrogate without its partner: half a character, which PostgreSQL would store as U+FFFD. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text can be stored and shown as it was sent: no NUL (PostgreSQL refuses it), no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !UNPAIRED_SURROGATE.test(text);
}
