import { describe, expect, it } from 'vitest';
import { drawdownCurve, formatDuration, returnCurve } from './curves';

const equity = [
  { at: '2026-01-01T01:00:00Z', equity: '1100' },
  { at: '2026-01-01T02:00:00Z', equity: '990' },
  { at: '2026-01-01T03:00:00Z', equity: '1210' },
];

describe('curves', () => {
  it('writes the equity as a return on the deposit', () => {
    expect(returnCurve('1000', equity).map((p) => p.value)).toEqual([10, -1, 21]);
    expect(returnCurve('1000', equity)[0].time).toBe(Date.UTC(2026, 0, 1, 1) / 1000);
  });
  it('measures the drawdown from the highest point so far, the deposit first', () => {
    const values = drawdownCurve('1000', equity).map((p) => p.value);
    expect(values[0]).toBe(0);
    expect(values[1]).toBeCloseTo(-10, 10);
    expect(values[2]).toBe(0);
    expect(drawdownCurve('1000', [{ at: '2026-01-01T01:00:00Z', equity: '750' }])[0].value).toBe(-25);
  });
  it('writes a run duration for people', () => {
    expect(formatDuration(null)).toBe('-');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_249)).toBe('4.2 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
  });
});
