import { describe, expect, it } from 'vitest';
import { nextPeriodStart, periodStart } from './timeframes';

describe('time frame periods', () => {
  it('starts hours and days at UTC boundaries, weeks on Monday, months on the 1st', () => {
    const at = Date.UTC(2024, 1, 29, 13, 47); // Thursday 29 February 2024
    expect(periodStart('1h', at)).toBe(Date.UTC(2024, 1, 29, 13));
    expect(periodStart('4h', at)).toBe(Date.UTC(2024, 1, 29, 12));
    expect(periodStart('1d', at)).toBe(Date.UTC(2024, 1, 29));
    expect(periodStart('1w', at)).toBe(Date.UTC(2024, 1, 26));
    expect(periodStart('1M', at)).toBe(Date.UTC(2024, 1, 1));
    expect(nextPeriodStart('4h', at)).toBe(Date.UTC(2024, 1, 29, 16));
    expect(nextPeriodStart('1w', at)).toBe(Date.UTC(2024, 2, 4));
    expect(nextPeriodStart('1M', at)).toBe(Date.UTC(2024, 2, 1));
    expect(nextPeriodStart('1M', Date.UTC(2024, 11, 31, 23, 59))).toBe(Date.UTC(2025, 0, 1));
    expect(periodStart('1w', Date.UTC(2024, 2, 4))).toBe(Date.UTC(2024, 2, 4));
  });
});
