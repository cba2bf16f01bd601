import { DATE_FORMATS, EMPTY_VALUE } from '@console/contracts';
import { format, isValid, parseISO } from 'date-fns';

export type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** A date in the given pattern (default dd.MM.yyyy), or '-' when empty or invalid. */
export function formatDate(value: DateInput, pattern: string = DATE_FORMATS.date): string {
  const date = toDate(value);
  return date ? format(date, pattern) : EMPTY_VALUE;
}

/** Date and time as tables and notifications show them: dd.MM.yyyy HH:mm:ss. */
export function formatDateTime(value: DateInput): string {
  return formatDate(value, DATE_FORMATS.dateTime);
}

/** Any value for a cell: '-' when empty. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return String(value);
}
