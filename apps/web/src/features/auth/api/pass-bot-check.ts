import { solveChallenge, type Challenge as AltchaChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { API_PATHS, type CaptchaVerifyAnswer } from '@console/contracts';
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
