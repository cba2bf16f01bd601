/**
 * Nobody who knows an email can lock its owner out (OWASP ASVS 2.2): the attacker and the owner side by
 * side, with the real bot-check (ALTCHA proof of work, kept cheap here) on real Redis and PostgreSQL.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, CAPTCHA_LEVEL_PARAM, ERROR_CODES, MESSAGES, OWN_MESSAGES, SIGN_IN_LIMITS, type CaptchaLevel } from '@console/contracts';
import { makeUser, uniqueEmail } from '../test/factories';
import { clearRedisPrefix, createTestApp, TestContext } from '../test/harness';

const P = (path: string) => `${API_PREFIX}${path}`;
const WRONG = 'Wrong!pass1';
const HARDER = { detail: OWN_MESSAGES.harderBotCheck, code: ERROR_CODES.harderBotCheck };

describe('sign-in limits: the attacker and the owner side by side', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CAPTCHA_PROVIDER: 'altcha', CAPTCHA_WORK: '100' });
  });
  afterAll(() => ctx.close());
  beforeEach(() => clearRedisPrefix(ctx.redis, ctx.config.redisPrefix));

  /** A passed bot-check of the level asked, solved as the browser does: its single-use captcha_token. */
  async function proof(level: CaptchaLevel = 'usual'): Promise<string> {
    const asked = await ctx.http().get(P(API_PATHS.captchaChallenge)).query(level === 'harder' ? { [CAPTCHA_LEVEL_PARAM]: level } : {}).expect(200);
    const { provider: _provider, ...challenge } = asked.body;
    const solution = await solveChallenge({ challenge, deriveKey });
    const response = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const verified = await ctx.http().post(P(API_PATHS.captchaVerify)).send({ response }).expect(200);
    expect(verified.body.is_robot).toBe(false);
    return verified.body.captcha_token;
  }

  const login = (address: string, email: string, password: string, captchaToken?: string) =>
    ctx.http().post(P(API_PATHS.login)).set('X-Forwarded-For', address).send({ email, password, captcha_token: captchaToken });

  it('60 wrong passwords from changing addresses never make the owner\'s right password answer 429: past the threshold both need the harder check', async () => {
    const owner = await makeUser(ctx.db);
    const { max: threshold } = SIGN_IN_LIMITS.perAccount;
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < threshold + 10; i++) answers.push(await login(`198.51.100.${i + 1}`, owner.email, WRONG, await proof()));
    expect(answers.filter((a) => a.status === 429)).toEqual([]);
    expect(answers.slice(0, threshold).every((a) => a.status === 400 && (a.body as { detail: string }).detail === MESSAGES.loginInvalid)).toBe(true);
    // Past the threshold the usual proof is not enough, for anyone: nothing judged, nothing refused for long.
    for (const answer of answers.slice(threshold)) expect(answer).toMatchObject({ status: 400, body: HARDER });
    // The attacker may go on, paying the harder proof for every guess.
    expect((await login('198.51.100.200', owner.email, WRONG, await proof('harder')).expect(400)).body).toEqual({ detail: MESSAGES.loginInvalid });

    // The owner, from their own address, with the right password: asked for the harder check, then signed in.
    const home = '203.0.113.10';
    expect((await login(home, owner.email, owner.password, await proof()).expect(400)).body).toEqual(HARDER);
    const signedIn = await login(home, owner.email, owner.password, await proof('harder')).expect(200);
    expect(signedIn.body.access).toEqual(expect.any(String));
  });

  it('one address meets the (account, address) limit, then the address limit; the owner\'s address meets neither', async () => {
    const owner = await makeUser(ctx.db);
    const attacker = '198.51.100.7';
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndAddress.max; i++) await login(attacker, owner.email, WRONG, await proof()).expect(400);
    const refused = await login(attacker, owner.email, owner.password, await proof()).expect(429);
    expect(refused.body).toEqual({ detail: OWN_MESSAGES.tooManyAttempts, code: ERROR_CODES.throttled });

    const sprayer = '198.51.100.8';
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.max; i++) await login(sprayer, uniqueEmail('spray'), WRONG, await proof()).expect(400);
    await login(sprayer, owner.email, WRONG, await proof()).expect(429);

    await login('203.0.113.20', owner.email, owner.password, await proof()).expect(200);
  });

  it('pushing an account over its threshold is not free: attempts without a passed bot-check are not counted', async () => {
    const owner = await makeUser(ctx.db);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max + 10; i++) {
      const answer = await login(`198.51.100.${i + 1}`, owner.email, WRONG, i % 2 ? 'forged-token' : undefined).expect(400);
      expect(answer.body).toEqual({ detail: MESSAGES.captchaFailed });
    }
    await login('203.0.113.30', owner.email, owner.password, await proof()).expect(200);
  });
});
