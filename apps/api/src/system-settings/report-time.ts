import { isReportTimeAllowed } from '@console/contracts';
import { FieldValidationError } from '../common/errors/api-errors';
import { SETTINGS_MESSAGES } from '@console/contracts';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A time of day as HH:MM:SS (HH:MM accepted). */
export function parseClockTime(field: string, value: string): string {
  const match = TIME.exec(value.trim());
  if (!match) throw FieldValidationError.of(field, SETTINGS_MESSAGES.reportTimeInvalid);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
}

/** A report time, with the spec's limit: 06:00:00 at the latest. */
export function parseReportTime(field: string, value: string): string {
  const time = parseClockTime(field, value);
  const [h, m, s] = time.split(':').map(Number);
  if (!isReportTimeAllowed(h, m, s)) throw FieldValidationError.of(field, SETTINGS_MESSAGES.reportHourRange);
  return time;
}
