/**
 * Dates in statistics queries: `YYYY-MM-DD` (a whole UTC day) or an ISO date-time. A date as an upper
 * bound takes in its whole day.
 */
export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
export const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether the text is a real calendar date (or date-time) in one of the accepted shapes. */
export function isStatsDate(value: unknown, dateOnly = false): boolean {
  if (typeof value !== 'string' || !(dateOnly ? DATE_ONLY : DATE_OR_TIME).test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1970 || year > 9999 || Number.isNaN(toInstant(value).getTime())) return false;
  // The calendar must agree: 2025-02-30 is refused, not rolled over into March.
  return new Date(`${value.slice(0, 10)}T00:00:00Z`).toISOString().slice(0, 10) === value.slice(0, 10);
}

/** The instant a date or date-time names; a date or a time without zone is UTC. */
export function toInstant(value: string): Date {
  if (DATE_ONLY.test(value)) return new Date(`${value}T00:00:00Z`);
  const text = value.replace(' ', 'T');
  return new Date(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
}

/** The instant just after the day or moment named: the exclusive end of an inclusive upper bound. */
export function endOf(value: string): Date {
  const at = toInstant(value);
  return DATE_ONLY.test(value) ? new Date(at.getTime() + 86_400_000) : new Date(at.getTime() + 1);
}

/** A `created_at__lte` / `__gte` condition: a date bound takes in its whole day. */
export function createdAtCondition(column: string, op: '<=' | '>=', value: unknown, bind: (v: unknown) => string): string {
  const text = String(value);
  return op === '>=' ? `${column} >= ${bind(toInstant(text).toISOString())}::timestamptz` : `${column} < ${bind(endOf(text).toISOString())}::timestamptz`;
}
