import { describe, expect, it } from 'vitest';
import { formatAccountTitle, truncateText } from './limits';

describe('account titles', () => {
  it('keep up to 35 characters and are cut after that with an ellipsis', () => {
    expect(formatAccountTitle('x'.repeat(35))).toBe('x'.repeat(35));
    expect(formatAccountTitle('y'.repeat(36))).toBe(`${'y'.repeat(35)}…`);
    expect(formatAccountTitle('🚀'.repeat(36))).toBe(`${'🚀'.repeat(35)}…`);
    expect(truncateText('abcdef', 3)).toBe('abc…');
  });
});
