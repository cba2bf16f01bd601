import { describe, expect, it } from 'vitest';
import { fixed } from './number';

describe('number format', () => {
  it('formats with fixed decimals and an empty mark', () => {
    expect(fixed(3, 4)).toBe('3.0000');
    expect(fixed(0.1234568, 7)).toBe('0.1234568');
    expect(fixed(null, 2)).toBe('-');
  });
});
