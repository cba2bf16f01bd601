import { solveChallenge, type Challenge as AltchaChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { API_PATHS, CAPTCHA_LEVEL_PARAM, type CaptchaLevel, type CaptchaVerifyAnswer, type RecaptchaChallenge } from '@console/contracts';
import type { ApiClient } from '../../../api/client';

type Challenge = { provider: 'off' } | RecaptchaChallenge | ({ provider: 'altcha' } & AltchaChallenge);

/**
 * The invisible bot-check, as the API's challenge says: ALTCHA's proof of work solved in the page with
 * altcha-lib (what the widget does, without showing anything), or Google's invisible reCAPTCHA, whose
 * script loads only then; its answer is verified by the API. Answers the single-use captcha_token
 * login needs, or null when the check was not passed. `harder`: the costlier proof a sign-in asks for
 * once its account has failed many times.
 */
export async function passBotCheck(client: ApiClient, level: CaptchaLevel = 'usual'): Promise<string | null> {
  const path = level === 'harder' ? `${API_PATHS.captchaChallenge}?${CAPTCHA_LEVEL_PARAM}=harder` : API_PATHS.captchaChallenge;
  const challenge = await client.get<Challenge>(path, { auth: false });
  let response = '';
  if (challenge.provider === 'altcha') {
    const { provider: _provider, ...altcha } = challenge;
    const solution = await solveChallenge({ challenge: altcha, deriveKey, timeout: 30_000 });
    if (!solution) return null;
    response = btoa(JSON.stringify({ challenge: altcha, solution }));
  } else if (challenge.provider === 'recaptcha') {
    const { recaptchaResponse } = await import('./recaptcha');
    const token = await recaptchaResponse(challenge.site_key);
    if (!token) return null;
    response = token;
  }
  const answer = await client.post<CaptchaVerifyAnswer>(API_PATHS.captchaVerify, { response }, { auth: false });
  return answer.is_robot ? null : answer.captcha_token;
}
