import { generateSecret, generateURI, verifySync } from 'otplib';
import * as QRCode from 'qrcode';

const TOTP_ISSUER = 'Trading Console';
/** SHA-1, 6 digits, 30-second steps: what authenticator apps assume (and otplib's defaults). */
export const TOTP_OPTIONS = { algorithm: 'sha1', digits: 6, period: 30 } as const;
// One step of clock drift either way, as authenticator apps commonly need.
const DRIFT_SECONDS = TOTP_OPTIONS.period;

/** A Base32 secret of 20 random bytes. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret, ...TOTP_OPTIONS });
}

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { margin: 1, width: 240 });
}

/** The time step a code belongs to, or null when it matches none within the drift window at `now` (ms). */
export function matchingStep(code: string, secret: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now / 1000);
  const result = verifySync({ secret, token: code, epoch, epochTolerance: DRIFT_SECONDS, ...TOTP_OPTIONS });
  return result.valid ? Math.floor(epoch / TOTP_OPTIONS.period) + result.delta : null;
}
