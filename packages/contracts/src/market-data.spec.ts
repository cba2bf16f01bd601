import { describe, expect, it } from 'vitest';
import { candleBarCount, candleBucketStart } from './market-data';

const at = (text: string) => Date.parse(text);

describe('candleBucketStart', () => {
  it('cuts a minute to its bar as the store buckets it: from the Monday origin, months by the calendar', () => {
    expect(candleBucketStart('1m', at('2024-03-01T10:07:00Z'))).toBe(at('2024-03-01T10:07:00Z'));
    expect(candleBucketStart('5m', at('2024-03-01T10:07:00Z'))).toBe(at('2024-03-01T10:05:00Z'));
    expect(candleBucketStart('4h', at('2024-03-01T10:07:00Z'))).toBe(at('2024-03-01T08:00:00Z'));
    expect(candleBucketStart('1d', at('2024-03-01T23:59:00Z'))).toBe(at('2024-03-01T00:00:00Z'));
    // 2024-03-01 is a Friday: its week began on Monday 2024-02-26.
    expect(candleBucketStart('1w', at('2024-03-01T10:07:00Z'))).toBe(at('2024-02-26T00:00:00Z'));
    expect(candleBucketStart('1M', at('2024-03-31T23:59:00Z'))).toBe(at('2024-03-01T00:00:00Z'));
  });

  it('makes as many bars as candleBarCount counts over a range', () => {
    const from = at('2024-03-01T00:00:00Z');
    const to = at('2024-03-03T23:59:00Z');
    const starts = new Set<number>();
    for (let t = from; t <= to; t += 60_000) starts.add(candleBucketStart('4h', t));
    expect(starts.size).toBe(candleBarCount('4h', new Date(from), new Date(to)));
  });
});
