import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchingStep, TOTP_OPTIONS } from './totp';

const STEP_MS = TOTP_OPTIONS.period * 1000;
/** A fixed secret and step: every code and time below is pinned, none read from the machine's clock. */
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const STEP = 59_000_000;
const startOf = (step: number) => step * STEP_MS;
const code = generateSync({ secret, epoch: STEP * TOTP_OPTIONS.period, ...TOTP_OPTIONS });

describe('authenticator code check', () => {
  it.each([
    ['the first moment of its own step', startOf(STEP)],
    ['the last moment of its own step', startOf(STEP + 1) - 1],
    ['the first moment of the step before (a fast phone)', startOf(STEP - 1)],
    ['the last moment of the step after (a slow phone)', startOf(STEP + 2) - 1],
  ])('accepts a code at %s, as the step it was made for', (_when, now) => {
    expect(matchingStep(code, secret, now)).toBe(STEP);
  });

  it.each([
    ['the last moment two steps before', startOf(STEP - 1) - 1],
    ['the first moment two steps after', startOf(STEP + 2)],
  ])('refuses a code at %s', (_when, now) => {
    expect(matchingStep(code, secret, now)).toBeNull();
  });

  it('refuses what is not six digits, and another secret\'s code', () => {
    const now = startOf(STEP);
    for (const malformed of ['', '12345', '1234567', 'abcdef', ` ${code.slice(1)}`]) expect(matchingStep(malformed, secret, now)).toBeNull();
    const otherSecret = generateSync({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', epoch: STEP * TOTP_OPTIONS.period, ...TOTP_OPTIONS });
    expect(otherSecret).not.toBe(code);
    expect(matchingStep(otherSecret, secret, now)).toBeNull();
  });
});
