import { describe, expect, it } from 'vitest';
import { monthsPresetRange } from '@console/contracts';
import { dollars, monthLabel, percent, returnColour, uptimeText, wholeDollars } from './months-format';

describe('months stats formats', () => {
  it('writes turnover in whole dollars, percents with 2 decimals, months as MMM yyyy', () => {
    expect(wholeDollars(12345.67)).toBe('$12,346');
    expect(dollars(-28.4)).toBe('-$28.40');
    expect(dollars(-0.001)).toBe('$0.00');
    expect(percent(1.919)).toBe('1.92%');
    expect(monthLabel('2026-01-01')).toBe('Jan 2026');
    expect(monthLabel('2026-09-01')).toBe('Sep 2026');
  });

  it('tells uptime in 365-day years and 30-day months', () => {
    expect(uptimeText(365 + 30 * 2 + 5)).toBe('1 year, 2 months, 5 days');
    expect(uptimeText(29)).toBe('0 years, 0 months, 29 days');
  });

  it('colours returns by the 0 / 5 / 8 / 15 scale', () => {
    expect([-1, 0, 4.99, 5, 8, 14.9, 15].map(returnColour)).toEqual([
      'error.main',
      'warning.main',
      'warning.main',
      'success.light',
      'success.main',
      'success.main',
      'success.dark',
    ]);
    expect(returnColour(null)).toBeUndefined();
  });

  it('presets: This Year to the first of this month, Last Year to Dec 1, last N months with this one', () => {
    const now = new Date(Date.UTC(2026, 4, 20));
    expect(monthsPresetRange('This Year', now)).toEqual({ date_from: '2026-01-01', date_to: '2026-05-01' });
    expect(monthsPresetRange('Last Year', now)).toEqual({ date_from: '2025-01-01', date_to: '2025-12-01' });
    expect(monthsPresetRange('Last 3 Months', now)).toEqual({ date_from: '2026-03-01', date_to: '2026-05-01' });
    expect(monthsPresetRange('Last 12 Months', now)).toEqual({ date_from: '2025-06-01', date_to: '2026-05-01' });
    expect(monthsPresetRange('All Time', now)).toBeNull();
  });
});
