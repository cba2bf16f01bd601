import { describe, expect, it } from 'vitest';
import { Dec, jsonNumberOfText } from './decimal';

/** The general path: decimal.js rounding, then 15 significant digits. */
const general = (text: string, places?: number) => {
  const d = new Dec(text);
  const n = (places === undefined ? d : d.toDecimalPlaces(places, Dec.ROUND_HALF_UP)).toSignificantDigits(15, Dec.ROUND_HALF_UP).toNumber();
  return Object.is(n, -0) ? 0 : n;
};

describe('the text path of toJsonNumber', () => {
  it('rounds halves away from zero on the digits, carrying through nines', () => {
    expect(jsonNumberOfText('0.125', 2)).toBe(0.13);
    expect(jsonNumberOfText('-0.125', 2)).toBe(-0.13);
    expect(jsonNumberOfText('9.99995', 4)).toBe(10);
    expect(jsonNumberOfText('-0.00001', 2)).toBe(0);
    expect(Object.is(jsonNumberOfText('-0.00001', 2), -0)).toBe(false);
    expect(jsonNumberOfText('12.30000000')).toBe(12.3);
    expect(jsonNumberOfText('1234567.123456789012')).toBeNull();
    // A NUMERIC's padding zeros are not digits to keep: sixteen of them here, six that count.
    expect(jsonNumberOfText('1558.490000000000')).toBe(1558.49);
    expect(jsonNumberOfText('-1558.495000000000', 2)).toBe(-1558.5);
    expect(jsonNumberOfText('1000.000000000000')).toBe(1000);
    expect(jsonNumberOfText('1e3')).toBeNull();
  });

  it('answers what decimal.js answers, for many values and decimals', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 5000; i++) {
      const whole = String(next() % 10 ** (next() % 9));
      // Some with the zeros a NUMERIC's scale pads them with.
      const fraction = String(next()).padStart(10, '0').slice(0, 1 + (next() % 12)) + '0'.repeat(next() % 3 === 0 ? next() % 10 : 0);
      const text = `${next() % 3 === 0 ? '-' : ''}${whole}.${fraction}`;
      const places = next() % 4 === 0 ? undefined : next() % 9;
      const fast = jsonNumberOfText(text, places);
      if (fast !== null) expect(fast, `${text} to ${places}`).toBe(general(text, places));
    }
  });
});
