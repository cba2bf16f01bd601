import { describe, expect, it } from 'vitest';
import { displayValue, formatDate, formatDateTime } from './date';

describe('date formatting', () => {
  it('formats dates as dd.MM.yyyy by default', () => {
    expect(formatDate('2024-03-07T10:05:09')).toBe('07.03.2024');
    expect(formatDate(new Date(2023, 11, 31))).toBe('31.12.2023');
  });

  it('formats date and time as dd.MM.yyyy HH:mm:ss', () => {
    expect(formatDateTime('2024-03-07T10:05:09')).toBe('07.03.2024 10:05:09');
  });

  it("shows '-' for empty or invalid values", () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('-');
      expect(formatDateTime(value)).toBe('-');
    }
  });

  it("shows '-' for empty cell values", () => {
    expect(displayValue(null)).toBe('-');
    expect(displayValue('')).toBe('-');
    expect(displayValue(0)).toBe('0');
  });
});
