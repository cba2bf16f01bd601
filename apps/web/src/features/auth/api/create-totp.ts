import { API_PATHS, type TotpCreateAnswer } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

/** The authenticator enrolment (QR code and otpauth URI) of the user who passed the password step. */
export function createTotp(client: ApiClient): Promise<TotpCreateAnswer> {
  return client.post<TotpCreateAnswer>(API_PATHS.totpCreate);
}

/** The secret inside an otpauth:// URI, for typing into an app that cannot scan. */
export function secretOfOtpauth(url: string): string {
  try {
    return new URL(url).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
