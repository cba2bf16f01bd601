/**
 * The live engine's market clock. At the default pace one market minute lasts one wall-clock minute and
 * the engine trades each minute once the wall clock has completed it. ENGINE_MINUTE_MS shortens the
 * minute for tests and demos; the market then never runs ahead of the wall clock: on a fresh database
 * it starts ENGINE_CATCH_UP_MINUTES in the past and catches up at the fast pace, and once it reaches the
 * wall clock it goes on at one minute per minute. Every timestamp the engine writes is thus in the past.
 */
import { MINUTE_MS } from '../market/candle';

export interface ClockSettings {
  /** Real milliseconds one market minute lasts. */
  minuteMs: number;
  /** How far behind the wall clock a fresh database starts, in minutes. */
  catchUpMinutes: number;
}

/** A day of minutes to catch up by default when the clock is fast; none at the real pace. */
export const DEFAULT_FAST_CATCH_UP_MINUTES = 1440;

export function readClockSettings(env: Record<string, string | undefined>): ClockSettings {
  const minuteMs = wholeNumber(env.ENGINE_MINUTE_MS, MINUTE_MS, 'ENGINE_MINUTE_MS');
  if (minuteMs < 1 || minuteMs > MINUTE_MS) throw new Error(`ENGINE_MINUTE_MS must be between 1 and ${MINUTE_MS}`);
  const catchUpMinutes = wholeNumber(env.ENGINE_CATCH_UP_MINUTES, minuteMs < MINUTE_MS ? DEFAULT_FAST_CATCH_UP_MINUTES : 0, 'ENGINE_CATCH_UP_MINUTES');
  return { minuteMs, catchUpMinutes };
}

function wholeNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

/** The newest minute the wall clock has completed at `now` (its first millisecond). */
export const lastWholeMinute = (now: number): number => Math.floor(now / MINUTE_MS) * MINUTE_MS - MINUTE_MS;

/** The first minute of a fresh database opened at `now`. */
export const firstMinute = (settings: ClockSettings, now: number): number => lastWholeMinute(now) - settings.catchUpMinutes * MINUTE_MS;

/**
 * The newest minute to trade at `now`, for an engine whose last traded minute was `origin` at real time
 * `startedAt`: one more minute each `minuteMs`, never past the wall clock's last whole minute.
 */
export function marketMinute(settings: ClockSettings, origin: number, startedAt: number, now: number): number {
  const wall = lastWholeMinute(now);
  if (settings.minuteMs >= MINUTE_MS) return wall;
  const paced = origin + Math.floor(Math.max(0, now - startedAt) / settings.minuteMs) * MINUTE_MS;
  return Math.min(paced, wall);
}
