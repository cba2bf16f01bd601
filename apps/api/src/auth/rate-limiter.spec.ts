import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { auth, makeUser, secretOf, sessionFor, totpCode, uniqueEmail, wrongTotpCode } from '../test/factories';
import { clearRedisPrefix, createTestApp, TestContext } from '../test/harness';
import { SIGN_IN_LIMITS } from '@console/contracts';
import { RateLimiterService, signInLimits } from './rate-limiter.service';

const P = '/api/v2/users';
const PARALLEL = 20;
const { max } = SIGN_IN_LIMITS.perAccountAndAddress;

/** Statuses of the answers, counted: `{400: 5, 429: 15}`. */
function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe('limits on guessing under parallel requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    // Listening once up front, so that parallel supertest calls share one server instead of each starting it.
    await ctx.app.listen(0, '127.0.0.1');
  });
  afterAll(() => ctx.close());
  beforeEach(() => clearRedisPrefix(ctx.redis, ctx.config.redisPrefix));

  const login = (email: string, password: string) => ctx.http().post(`${P}/login/`).send({ email, password });
  /** Judged failures; a refusal by the limit is logged too (reason `locked`), for the sign-in history. */
  const failedLogins = async (email: string, reason: 'judged' | 'locked' = 'judged'): Promise<number> =>
    (
      await ctx.db.query(
        `SELECT count(*)::int AS n FROM logs WHERE event_type = 'login_failed' AND log_data->>'email' = $1 AND (log_data->>'reason' = 'locked') = $2`,
        [email, reason === 'locked'],
      )
    )[0].n;

  it(`judges at most ${max} of ${PARALLEL} parallel wrong passwords for one account, and the account is then locked`, async () => {
    const user = await makeUser(ctx.db);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => login(user.email, 'Wrong!pass1')));
    const counts = tally(answers.map((r) => r.status));
    expect(counts[400]).toBe(max);
    expect(counts[429]).toBe(PARALLEL - max);
    expect(await failedLogins(user.email)).toBe(max);
    expect(await failedLogins(user.email, 'locked')).toBe(PARALLEL - max);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body).toEqual({ detail: OWN_MESSAGES.tooManyAttempts, code: 'throttled' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The right password no longer gets judged either.
    const right = await login(user.email, user.password).expect(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(SIGN_IN_LIMITS.perAddress.windowSeconds);
  });

  it('answers unknown emails the same way, with the same 429 body', async () => {
    const user = await makeUser(ctx.db);
    const ghost = uniqueEmail('ghost');
    const [known, unknown] = await Promise.all(
      [user.email, ghost].map((email) => Promise.all(Array.from({ length: PARALLEL / 2 }, () => login(email, 'Wrong!pass1')))),
    );
    expect(tally(known.map((r) => r.status))).toEqual({ 400: max, 429: PARALLEL / 2 - max });
    expect(tally(unknown.map((r) => r.status))).toEqual({ 400: max, 429: PARALLEL / 2 - max });
    expect(await failedLogins(ghost)).toBe(max);
    const real = await login(user.email, user.password).expect(429);
    const fake = await login(ghost, user.password).expect(429);
    expect(fake.body).toEqual(real.body);
    expect(unknown.find((r) => r.status === 429)!.body).toEqual(known.find((r) => r.status === 429)!.body);
  });

  it(`judges at most ${max} of ${PARALLEL} parallel wrong authenticator codes, and a right code is then refused`, async () => {
    const user = await makeUser(ctx.db);
    const pending = await sessionFor(ctx, user.id, false);
    const secret = secretOf((await ctx.http().post(`${P}/totp/create/`).set(...auth(pending.access)).expect(200)).body.url);
    const wrong = wrongTotpCode(secret, ctx.clock.now());
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => ctx.http().post(`${P}/totp/login/${wrong}/`).set(...auth(pending.access))));
    const counts = tally(answers.map((r) => r.status));
    expect(counts[400]).toBe(max);
    expect(counts[429]).toBe(PARALLEL - max);
    for (const res of answers.filter((r) => r.status === 400)) expect(res.body).toEqual({ detail: MESSAGES.twoFactorFailed });
    const failedCodes = async (locked: boolean) =>
      (await ctx.db.query(`SELECT count(*)::int AS n FROM logs WHERE event_type = '2fa_failed' AND user_id = $1 AND (log_data->>'reason' = 'locked') IS TRUE = $2`, [user.id, locked]))[0].n;
    expect(await failedCodes(false)).toBe(max);
    expect(await failedCodes(true)).toBe(PARALLEL - max);
    await ctx.http().post(`${P}/totp/login/${totpCode(secret, ctx.clock.now())}/`).set(...auth(pending.access)).expect(429);
  });

  it('counts only failures: a right password gives its attempt back', async () => {
    const user = await makeUser(ctx.db);
    for (let i = 0; i < max - 1; i++) await login(user.email, 'Wrong!pass1').expect(400);
    await login(user.email, user.password).expect(200);
    await login(user.email, 'Wrong!pass1').expect(400);
    await login(user.email, user.password).expect(429);
  });

  it('failures from one address do not lock the owner out from another, nor do many addresses together', async () => {
    const user = await makeUser(ctx.db);
    const from = (address: string) => (password: string) => ctx.http().post(`${P}/login/`).set('X-Forwarded-For', address).send({ email: user.email, password });
    const attacker = from('198.51.100.7');
    for (let i = 0; i < max; i++) await attacker('Wrong!pass1').expect(400);
    await attacker(user.password).expect(429);
    await from('203.0.113.10')(user.password).expect(200);

    // Many addresses together pass the account's threshold: nobody is refused for it (with the bot-check
    // on, a harder one is asked for: sign-in-lockout.spec.ts; here it is off and has no levels).
    const { max: accountMax } = SIGN_IN_LIMITS.perAccount;
    for (let i = 0; i < accountMax; i++) await from(`198.51.100.${100 + Math.floor(i / max)}`)('Wrong!pass1').expect(400);
    await from('203.0.113.11')(user.password).expect(200);
  });

  it('a refund whose window has ended gives no credit in the next one', async () => {
    const limiter = ctx.app.get(RateLimiterService);
    const limits = signInLimits(uniqueEmail('late'), '192.0.2.1').refusing;
    await limiter.refund(limits);
    await limiter.refund(limits);
    expect(await ctx.redis.keys(`${ctx.config.redisPrefix}:ratelimit:*`)).toEqual([]);
    for (let i = 0; i < max; i++) await limiter.take(limits);
    await expect(limiter.take(limits)).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });
});
