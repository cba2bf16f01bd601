import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../app/theme';
import { chartColours, formatChartDate } from './chart-format';

describe('chart colours', () => {
  it('come from the theme, so the dark theme gets its own', () => {
    const light = buildTheme('light');
    const dark = buildTheme('dark');
    expect(chartColours(light)).toEqual({ up: light.palette.success.main, down: light.palette.error.main, series: [light.palette.primary.main, light.palette.warning.main] });
    expect(chartColours(dark)).toEqual({ up: dark.palette.success.main, down: dark.palette.error.main, series: [dark.palette.primary.main, dark.palette.warning.main] });
    expect(chartColours(dark)).not.toEqual(chartColours(light));
  });
});

describe('chart dates', () => {
  it('write a month with its whole year, other frames as the day (and the time for minutes and hours)', () => {
    const sep = Date.UTC(2026, 8, 15, 12) / 1000;
    expect(formatChartDate('1M', sep)).toBe('Sep 2026');
    expect(formatChartDate('1d', sep)).toMatch(/^15\.09\.26$/);
    expect(formatChartDate('1h', sep)).toMatch(/^15\.09\.26 \d\d:00$/);
  });
});
