import { describe, expect, it } from 'vitest';
import { buildTheme } from '../../app/theme';
import { chartColours } from './chart-format';

describe('chart colours', () => {
  it('come from the theme, so the dark theme gets its own', () => {
    const light = buildTheme('light');
    const dark = buildTheme('dark');
    expect(chartColours(light)).toEqual({ up: light.palette.success.main, down: light.palette.error.main, series: [light.palette.primary.main, light.palette.warning.main] });
    expect(chartColours(dark)).toEqual({ up: dark.palette.success.main, down: dark.palette.error.main, series: [dark.palette.primary.main, dark.palette.warning.main] });
    expect(chartColours(dark)).not.toEqual(chartColours(light));
  });
});
