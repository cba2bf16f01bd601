import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Whether the calendar has this day (2024-02-30 does not) in years PostgreSQL and JavaScript share. */
function isCalendarDay(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const last = new Date(Date.UTC(y, m, 0));
  last.setUTCFullYear(y, m, 0);
  return d <= last.getUTCDate();
}

/** A day (YYYY-MM-DD) or an instant in ISO 8601 with its offset; nothing the calendar lacks. */
export function isDateOrInstant(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const date = DATE.exec(value);
  if (date) return isCalendarDay(Number(date[1]), Number(date[2]), Number(date[3]));
  const time = DATE_TIME.exec(value);
  if (!time) return false;
  const [, y, mo, d, h, mi, s, oh, om] = time;
  return (
    isCalendarDay(Number(y), Number(mo), Number(d)) &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(s ?? 0) <= 59 &&
    Number(oh ?? 0) <= 14 &&
    Number(om ?? 0) <= 59
  );
}

/**
 * One end of a created_at range: a day or an instant. A day alone means the whole day in UTC: from its
 * first moment (`start`) or to its last (`end`), so `before=2024-05-01` keeps the signals of May 1st.
 */
export function DateBound(end: 'start' | 'end', message: string): PropertyDecorator {
  return applyDecorators(
    ValidateBy({ name: 'isDateOrInstant', validator: { validate: isDateOrInstant } }, { message }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && DATE.test(value) && isDateOrInstant(value) ? `${value}T${end === 'start' ? '00:00:00' : '23:59:59.999999'}Z` : value,
    ),
  );
}
