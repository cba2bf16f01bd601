import { API_PATHS, type TokenPair } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

/** The second factor: a code from the authenticator app, answered with verified tokens. */
export function logInWithTotp(client: ApiClient, code: string): Promise<TokenPair> {
  return client.post<TokenPair>(API_PATHS.totpLogin(code));
}
