import { describe, expect, it } from 'vitest';
import { chartTypeFor, defaultSettings, monthRange, withChartCount } from './chart-settings';

describe('chart settings', () => {
  it('defaults to six months of equity as a line by day, one chart, not separated', () => {
    const s = defaultSettings(new Date(2026, 6, 15, 10, 30));
    expect(s).toMatchObject({ dataType: 'Equity', chartType: 'line', charts: 1, tf: '1d', separated: false, from: '2026-01-15T10:30', until: '2026-07-15T10:30' });
  });

  it('a second chart starts as NAV candles and going back to one clears it', () => {
    const two = withChartCount(defaultSettings(), 2);
    expect(two).toMatchObject({ charts: 2, dataType2: 'NAV', chartType2: 'candles' });
    expect(withChartCount(two, 1)).toMatchObject({ charts: 1, dataType2: null, chartType2: null });
  });

  it('VAR defaults to columns; a month range covers whole months', () => {
    expect(chartTypeFor('VAR')).toBe('column');
    expect(chartTypeFor('NAV')).toBe('line');
    expect(monthRange(defaultSettings(), '2026-02', '2026-02')).toMatchObject({ from: '2026-02-01T00:00', until: '2026-02-28T23:59' });
  });
});
