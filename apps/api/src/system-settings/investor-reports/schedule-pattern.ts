import { CronExpressionParser } from 'cron-parser';
import { areReportRunsAllowed } from '@console/contracts';
import { FieldValidationError } from '../../common/errors/api-errors';
import { SETTINGS_MESSAGES as M } from '@console/contracts';
import type { ScheduleType } from '@console/contracts';

const CRON_CHARS = /^[0-9A-Za-z*,/\-?LW# ]+$/;

/** The job scheduler's pattern (UTC, with seconds) for a fixed schedule type at a HH:MM:SS time. */
export function patternFor(type: Exclude<ScheduleType, 'custom'>, time: string): string {
  const [h, m, s] = time.split(':').map(Number);
  const at = `${s} ${m} ${h}`;
  if (type === 'daily') return `${at} * * *`;
  if (type === 'weekly') return `${at} * * 1`; // Mondays
  return `${at} 1 * *`; // the first of the month
}

/**
 * Checks a custom cron expression (5 fields, or 6 with seconds) and the spec's hour limit. Answers
 * the time of its first run of a day as HH:MM:SS.
 */
export function checkCustomPattern(expression: string | null | undefined): { pattern: string; firstTime: string } {
  const pattern = (expression ?? '').trim().replace(/\s+/g, ' ');
  if (!pattern) throw FieldValidationError.of('schedule_crontab', M.cronRequired);
  const fields = pattern.split(' ');
  if (fields.length < 5 || fields.length > 6 || !CRON_CHARS.test(pattern)) throw FieldValidationError.of('schedule_crontab', M.cronInvalid);
  let parsed;
  try {
    parsed = CronExpressionParser.parse(pattern, { tz: 'UTC', strict: false });
  } catch {
    throw FieldValidationError.of('schedule_crontab', M.cronInvalid);
  }
  const hours = parsed.fields.hour.values as number[];
  if (!areReportRunsAllowed(hours, parsed.fields.minute.values as number[], parsed.fields.second.values as number[])) throw FieldValidationError.of('schedule_crontab', M.reportHourRange);
  const pad = (n: number) => String(n).padStart(2, '0');
  const first = (values: readonly unknown[]) => pad(Math.min(...(values as number[])));
  return { pattern, firstTime: `${first(hours)}:${first(parsed.fields.minute.values)}:${first(parsed.fields.second.values)}` };
}
