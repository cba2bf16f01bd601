import { describe, expect, it } from 'vitest';
import { truncateTitle } from './truncate';

describe('truncateTitle', () => {
  it('keeps titles of up to 35 characters and cuts longer ones with an ellipsis', () => {
    expect(truncateTitle('x'.repeat(35))).toBe('x'.repeat(35));
    expect(truncateTitle('y'.repeat(36))).toBe(`${'y'.repeat(35)}…`);
    expect(truncateTitle('🚀'.repeat(36))).toBe(`${'🚀'.repeat(35)}…`);
  });
});
