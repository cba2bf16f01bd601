import { describe, expect, it } from 'vitest';
import { compareNumber, dec } from './money';

describe('compareNumber', () => {
  it('agrees with the exact decimal comparison, ties and near-ties included', () => {
    const cases: [number, string][] = [
      [0.1, '0.1'],
      [0.1, '0.1000000000000000000001'],
      [0.1, '0.0999999999999999999999'],
      [60000.5, '60000.5'],
      [60000.5, '60000.49999999999999'],
      [60000.5, '60000.50000000000001'],
      [0.123456, '0.123457'],
      [1e-8, '0.00000001'],
      [123.45, '123.4'],
      [-2, '-2.0000000000000000001'],
    ];
    for (const [x, d] of cases) expect([x, d, compareNumber(x, dec(d))]).toEqual([x, d, dec(x).comparedTo(dec(d))]);
  });

  it('agrees on many random prices against prices one tick away', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const x = Math.round(next() * 1e8) / 1e4;
      for (const d of [dec(x), dec(x).plus('0.0001'), dec(x).minus('0.0001'), dec(x).plus('1e-30')]) {
        expect(compareNumber(x, d)).toBe(dec(x).comparedTo(d));
      }
    }
  });
});
