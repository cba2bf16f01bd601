import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secrets';

describe('secrets at rest', () => {
  const key = randomBytes(32);
  it('round-trips and never stores the plain text', () => {
    const stored = encryptSecret('JBSWY3DPEHPK3PXP', key);
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(stored, key)).toBe('JBSWY3DPEHPK3PXP');
  });
  it('uses a fresh IV each time and rejects a wrong key', () => {
    expect(encryptSecret('a', key)).not.toBe(encryptSecret('a', key));
    expect(() => decryptSecret(encryptSecret('a', key), randomBytes(32))).toThrow();
  });
});
