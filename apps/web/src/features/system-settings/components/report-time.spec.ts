import { describe, expect, it } from 'vitest';
import { MESSAGES, SETTINGS_MESSAGES } from '@console/contracts';
import { describeSchedule, localTimeOf, reportTimeRule, withSeconds } from './report-time';

describe('report times', () => {
  it('allows 00:00 to 06:00 UTC and names the limit otherwise', () => {
    expect(reportTimeRule('00:00')).toBe(true);
    expect(reportTimeRule('06:00')).toBe(true);
    expect(reportTimeRule('06:00:00')).toBe(true);
    expect(reportTimeRule('06:01')).toBe(MESSAGES.reportHourRange);
    expect(reportTimeRule('06:59')).toBe(MESSAGES.reportHourRange);
    expect(reportTimeRule('07:00')).toBe(MESSAGES.reportHourRange);
    expect(reportTimeRule('23:30:00')).toBe(MESSAGES.reportHourRange);
    expect(reportTimeRule('')).toBe(SETTINGS_MESSAGES.reportTimeInvalid);
    expect(withSeconds('03:15')).toBe('03:15:00');
  });

  it('turns a UTC time into the same moment in the local zone', () => {
    const today = new Date();
    const at = new Date(today);
    at.setUTCHours(3, 15, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(localTimeOf('03:15:00', today)).toBe(`${pad(at.getHours())}:${pad(at.getMinutes())}:00`);
  });

  it('describes fixed and custom entries', () => {
    const entry = { id: 1, investor_report_time: '03:15:00', local_investor_report_time: '03:15:00', schedule_crontab: '0 15 3 * * *' };
    expect(describeSchedule({ ...entry, schedule_type: 'daily' })).toBe('Daily at 03:15 UTC');
    expect(describeSchedule({ ...entry, schedule_type: 'weekly', local_investor_report_time: '06:15:00' })).toBe('Weekly, Mondays at 03:15 UTC (06:15 local)');
    expect(describeSchedule({ ...entry, schedule_type: 'custom', schedule_crontab: '0 3 * * 1-5' })).toBe('Custom: 0 3 * * 1-5 (UTC)');
  });
});
