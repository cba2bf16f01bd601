/** Secrets at rest (exchange api_secret, bot tokens, TOTP secrets): AES-256-GCM with a random IV. */
import { createHash, randomBytes } from 'node:crypto';

// One definition with the engine, which decrypts an account's exchange secret to trade.
export { encryptSecret, decryptSecret } from '@console/engine/runtime';

/** For single-use tokens stored only as a hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
