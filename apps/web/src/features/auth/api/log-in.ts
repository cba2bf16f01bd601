import { API_PATHS, type TokenPair } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

/** The password step: spends the bot-check's single-use captcha_token. */
export function logIn(client: ApiClient, email: string, password: string, captchaToken: string): Promise<TokenPair> {
  return client.post<TokenPair>(API_PATHS.login, { email, password, captcha_token: captchaToken }, { auth: false });
}
