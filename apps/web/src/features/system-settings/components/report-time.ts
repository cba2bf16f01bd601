import { isReportTimeAllowed, SETTINGS_MESSAGES, type InvestorReportSchedule } from '@console/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC time of day (HH:MM or HH:MM:SS) checked against the spec's limit: 06:00:00 at the latest. */
export function reportTimeRule(value: string): true | string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return SETTINGS_MESSAGES.reportTimeInvalid;
  return isReportTimeAllowed(Number(match[1]), Number(match[2]), Number(match[3] ?? 0)) || SETTINGS_MESSAGES.reportHourRange;
}

/** HH:MM → HH:MM:SS. */
export const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

/** The same moment today in this browser's zone, HH:MM:SS: kept beside the UTC time for display. */
export function localTimeOf(utc: string, today = new Date()): string {
  const [h, m, s = 0] = utc.split(':').map(Number);
  const at = new Date(today);
  at.setUTCHours(h, m, s, 0);
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

const WHEN: Record<InvestorReportSchedule['schedule_type'], string> = {
  daily: 'Daily',
  weekly: 'Weekly, Mondays',
  monthly: 'Monthly, on the 1st',
  custom: 'Custom',
};

/** One schedule entry in words: "Daily at 03:00 UTC (06:00 local)" or "Custom: 0 3 * * 1-5 (UTC)". */
export function describeSchedule(entry: InvestorReportSchedule): string {
  if (entry.schedule_type === 'custom') return `${WHEN.custom}: ${entry.schedule_crontab} (UTC)`;
  const utc = entry.investor_report_time.slice(0, 5);
  const local = entry.local_investor_report_time.slice(0, 5);
  return `${WHEN[entry.schedule_type]} at ${utc} UTC${local !== utc ? ` (${local} local)` : ''}`;
}
