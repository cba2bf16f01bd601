import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { firstMinute, marketMinute, readClockSettings } from './clock';

const NOON = Date.UTC(2026, 0, 10, 12, 0, 30);

describe('the market clock', () => {
  it('at the real pace trades each minute the wall clock has completed, from the last one on a fresh database', () => {
    const real = readClockSettings({});
    expect(real).toEqual({ minuteMs: 60_000, catchUpMinutes: 0 });
    expect(firstMinute(real, NOON)).toBe(Date.UTC(2026, 0, 10, 11, 59));
    expect(marketMinute(real, Date.UTC(2026, 0, 10, 11, 0), NOON, NOON + 5 * MINUTE_MS)).toBe(Date.UTC(2026, 0, 10, 12, 4));
  });

  it('fast, starts a day behind, moves a minute per ENGINE_MINUTE_MS and never passes the wall clock', () => {
    const fast = readClockSettings({ ENGINE_MINUTE_MS: '250' });
    expect(fast).toEqual({ minuteMs: 250, catchUpMinutes: 1440 });
    const origin = firstMinute(fast, NOON) - MINUTE_MS;
    expect(origin).toBe(Date.UTC(2026, 0, 9, 11, 58));
    expect(marketMinute(fast, origin, NOON, NOON + 249)).toBe(origin);
    expect(marketMinute(fast, origin, NOON, NOON + 1000)).toBe(origin + 4 * MINUTE_MS);
    // The wall clock moves on meanwhile: 1,447 fast minutes (6 min 1.75 s) bring it level, at 12:05.
    expect(marketMinute(fast, origin, NOON, NOON + 1446 * 250)).toBe(Date.UTC(2026, 0, 10, 12, 4));
    expect(marketMinute(fast, origin, NOON, NOON + 1447 * 250)).toBe(Date.UTC(2026, 0, 10, 12, 5));
    // From then on it keeps the wall clock's pace.
    expect(marketMinute(fast, origin, NOON, NOON + 1500 * 250)).toBe(Date.UTC(2026, 0, 10, 12, 5));
    expect(marketMinute(fast, origin, NOON, NOON + 3_600_000)).toBe(Date.UTC(2026, 0, 10, 12, 59));
  });

  it('takes the catch-up from ENGINE_CATCH_UP_MINUTES and refuses a pace it cannot keep', () => {
    expect(readClockSettings({ ENGINE_MINUTE_MS: '500', ENGINE_CATCH_UP_MINUTES: '360' })).toEqual({ minuteMs: 500, catchUpMinutes: 360 });
    expect(() => readClockSettings({ ENGINE_MINUTE_MS: '0' })).toThrow(/between 1 and 60000/);
    expect(() => readClockSettings({ ENGINE_MINUTE_MS: '120000' })).toThrow(/between 1 and 60000/);
    expect(() => readClockSettings({ ENGINE_CATCH_UP_MINUTES: '-5' })).toThrow(/whole number/);
  });
});
