import { authenticator } from 'otplib';
import * as QRCode from 'qrcode';

export const TOTP_ISSUER = 'Trading Console';
const STEP_SECONDS = 30;

// One step of clock drift either way, as authenticator apps commonly need.
authenticator.options = { window: 1, step: STEP_SECONDS, digits: 6 };

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function otpauthUrl(email: string, secret: string): string {
  return authenticator.keyuri(email, TOTP_ISSUER, secret);
}

export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { margin: 1, width: 240 });
}

/** The time step a code belongs to, or null when it matches none within the drift window. */
export function matchingStep(code: string, secret: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = authenticator.checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(now / 1000 / STEP_SECONDS) + delta;
}
