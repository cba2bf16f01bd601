import { solveChallenge, type Challenge as AltchaChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { API_PATHS, type CaptchaVerifyAnswer, type TokenPair, type TotpCreateAnswer } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

type Challenge = { provider: 'off' | 'recaptcha' } | ({ provider: 'altcha' } & AltchaChallenge);

/**
 * The invisible bot-check: the API's ALTCHA proof-of-work challenge, solved in the page with
 * altcha-lib (what the widget does, without showing anything), then verified by the API.
 * Answers the single-use captcha_token login needs, or null when the check was not passed.
 */
export async function passBotCheck(client: ApiClient): Promise<string | null> {
  const challenge = await client.get<Challenge>(API_PATHS.captchaChallenge, { auth: false });
  let response = '';
  if (challenge.provider === 'altcha') {
    const { provider: _provider, ...altcha } = challenge;
    const solution = await solveChallenge({ challenge: altcha, deriveKey, timeout: 30_000 });
    if (!solution) return null;
    response = btoa(JSON.stringify({ challenge: altcha, solution }));
  }
  const answer = await client.post<CaptchaVerifyAnswer>(API_PATHS.captchaVerify, { response }, { auth: false });
  return answer.is_robot ? null : answer.captcha_token;
}

export function logIn(client: ApiClient, email: string, password: string, captchaToken: string): Promise<TokenPair> {
  return client.post<TokenPair>(API_PATHS.login, { email, password, captcha_token: captchaToken }, { auth: false });
}

export function createTotp(client: ApiClient): Promise<TotpCreateAnswer> {
  return client.post<TotpCreateAnswer>(API_PATHS.totpCreate);
}

export function logInWithTotp(client: ApiClient, code: string): Promise<TokenPair> {
  return client.post<TokenPair>(API_PATHS.totpLogin(code));
}

/** The secret inside an otpauth:// URI, for typing into an app that cannot scan. */
export function secretOfOtpauth(url: string): string {
  try {
    return new URL(url).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}
