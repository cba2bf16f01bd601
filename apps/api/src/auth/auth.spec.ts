import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, OWN_MESSAGES, REFRESH_COOKIE, SECTIONS } from '@console/contracts';
import { clearRedisPrefix, createTestApp, TestContext } from '../test/harness';
import { auth, makeUser, secretOf, sessionFor, signInThroughHttp, STRONG_PASSWORD, totpCode, uniqueEmail, wrongTotpCode } from '../test/factories';
import { TOTP_OPTIONS } from './totp';
import { createOrResetAdmin } from '../privileges/users/admin-account';

const P = '/api/v2/users';

describe('sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  describe('password step', () => {
    it('answers the same message for a wrong email, a wrong password and an inactive user', async () => {
      const active = await makeUser(ctx.db);
      const inactive = await makeUser(ctx.db, { isActive: false });
      for (const body of [
        { email: uniqueEmail('nobody'), password: STRONG_PASSWORD },
        { email: active.email, password: 'Wrong!pass1' },
        { email: inactive.email, password: inactive.password },
      ]) {
        const res = await ctx.http().post(`${P}/login/`).send(body).expect(400);
        expect(res.body).toEqual({ detail: MESSAGES.loginInvalid });
      }
    });

    it('matches the email without regard to case', async () => {
      const user = await makeUser(ctx.db, { email: uniqueEmail('MixedCase') });
      await ctx.http().post(`${P}/login/`).send({ email: user.email.toUpperCase(), password: user.password }).expect(200);
    });

    it('refuses an invalid email address with the spec message', async () => {
      const res = await ctx.http().post(`${P}/login/`).send({ email: 'not-an-email', password: 'x' }).expect(400);
      expect(res.body).toEqual({ email: [MESSAGES.emailInvalid] });
    });

    it('gives tokens that open only the 2FA calls, current-user and logout', async () => {
      const user = await makeUser(ctx.db);
      const login = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(200);
      const access = login.body.access as string;
      await ctx.http().post(`${P}/totp/create/`).set(...auth(access)).expect(200);
      const me = await ctx.http().get(`${P}/current-user/`).set(...auth(access)).expect(200);
      expect(me.body.email).toBe(user.email);
      const blocked = await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(access)).send({ email: user.email }).expect(403);
      expect(blocked.body.code).toBe(ERROR_CODES.secondFactorRequired);
    });
  });

  describe('authenticator codes', () => {
    it('enrols with a QR code, verifies, and then never shows the secret again', async () => {
      const user = await makeUser(ctx.db);
      const login = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(200);
      const created = await ctx.http().post(`${P}/totp/create/`).set(...auth(login.body.access)).expect(200);
      expect(created.body.is_verified).toBe(false);
      expect(created.body.url).toMatch(/^otpauth:\/\/totp\//);
      expect(created.body.qr).toMatch(/^data:image\/png;base64,/);
      const secret = secretOf(created.body.url);
      // The same secret on a second call before verification, and encrypted at rest.
      const again = await ctx.http().post(`${P}/totp/create/`).set(...auth(login.body.access)).expect(200);
      expect(secretOf(again.body.url)).toBe(secret);
      const [stored] = await ctx.db.query(`SELECT totp_secret_enc FROM users WHERE id = $1`, [user.id]);
      expect(stored.totp_secret_enc).not.toContain(secret);

      const verified = await ctx.http().post(`${P}/totp/login/${totpCode(secret, ctx.clock.now())}/`).set(...auth(login.body.access)).expect(200);
      const after = await ctx.http().post(`${P}/totp/create/`).set(...auth(verified.body.access)).expect(200);
      expect(after.body).toEqual({ url: '', qr: '', is_verified: true });
      const refreshed = await ctx.http().post(`${P}/token-refresh/`).send({ refresh: verified.body.refresh }).expect(200);
      expect(refreshed.body.is_sec_factor_passed).toBe(true);
    });

    it('refuses a wrong code with the spec message', async () => {
      const user = await makeUser(ctx.db);
      const login = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(200);
      const secret = secretOf((await ctx.http().post(`${P}/totp/create/`).set(...auth(login.body.access)).expect(200)).body.url);
      for (const code of [wrongTotpCode(secret, ctx.clock.now()), 'abcdef', '12']) {
        const res = await ctx.http().post(`${P}/totp/login/${code}/`).set(...auth(login.body.access)).expect(400);
        expect(res.body).toEqual({ detail: MESSAGES.twoFactorFailed });
      }
    });

    it('refuses a code used once already (no replay), and accepts one step of drift', async () => {
      const user = await makeUser(ctx.db);
      const now = ctx.clock.now();
      const first = await signInThroughHttp(ctx, user, -1);
      const login = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(200);
      const replay = await ctx.http().post(`${P}/totp/login/${totpCode(first.secret, now, -1)}/`).set(...auth(login.body.access)).expect(400);
      expect(replay.body).toEqual({ detail: MESSAGES.twoFactorFailed });
      await ctx.http().post(`${P}/totp/login/${totpCode(first.secret, now, 1)}/`).set(...auth(login.body.access)).expect(200);
      // Two steps away is outside the window.
      const login2 = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(200);
      await ctx.http().post(`${P}/totp/login/${totpCode(first.secret, now, 2)}/`).set(...auth(login2.body.access)).expect(400);
    });

    it('judges a code by the clock at the request: one step of drift, and not a moment more', async () => {
      const user = await makeUser(ctx.db);
      const login = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(200);
      const secret = secretOf((await ctx.http().post(`${P}/totp/create/`).set(...auth(login.body.access)).expect(200)).body.url);
      const made = ctx.clock.now();
      const stepMs = TOTP_OPTIONS.period * 1000;
      const twoStepsLater = (Math.floor(made / stepMs) + 2) * stepMs;
      try {
        ctx.clock.set(twoStepsLater);
        await ctx.http().post(`${P}/totp/login/${totpCode(secret, made)}/`).set(...auth(login.body.access)).expect(400);
        ctx.clock.set(twoStepsLater - 1);
        await ctx.http().post(`${P}/totp/login/${totpCode(secret, made)}/`).set(...auth(login.body.access)).expect(200);
      } finally {
        ctx.clock.set(made);
      }
    });
  });

  describe('refresh tokens', () => {
    it('a browser keeps the refresh token in an httpOnly cookie on the refresh and logout paths only', async () => {
      const user = await makeUser(ctx.db);
      const browser = { [REFRESH_COOKIE.header]: '1' };
      const login = await ctx.http().post(`${P}/login/`).set(browser).send({ email: user.email, password: user.password }).expect(200);
      expect(login.body.refresh).toBe('');
      const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
      expect(cookies.map((c) => c.match(/Path=[^;]+/)?.[0]).sort()).toEqual([`Path=${P}/logout/`, `Path=${P}/token-refresh/`]);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/HttpOnly/i);
        expect(cookie).toMatch(/SameSite=Strict/i);
      }
      const cookie = cookies[0].split(';')[0];

      // Without the header (a cross-site form could send the cookie, never the header) the cookie is not read.
      await ctx.http().post(`${P}/token-refresh/`).set('Cookie', cookie).send({}).expect(400);
      const refreshed = await ctx.http().post(`${P}/token-refresh/`).set(browser).set('Cookie', cookie).send({}).expect(200);
      expect(refreshed.body.refresh).toBe('');
      expect(refreshed.body.access).toEqual(expect.any(String));
      const rotated = ([] as string[]).concat(refreshed.headers['set-cookie'] ?? [])[0].split(';')[0];
      expect(rotated).not.toBe(cookie);
      // The spent cookie is a reused token: the family ends.
      await ctx.http().post(`${P}/token-refresh/`).set(browser).set('Cookie', cookie).send({}).expect(401);
      await ctx.http().post(`${P}/token-refresh/`).set(browser).set('Cookie', rotated).send({}).expect(401);

      const again = await ctx.http().post(`${P}/login/`).set(browser).send({ email: user.email, password: user.password }).expect(200);
      const current = ([] as string[]).concat(again.headers['set-cookie'] ?? [])[0].split(';')[0];
      const out = await ctx.http().post(`${P}/logout/`).set(browser).set('Cookie', current).send({}).expect(200);
      expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).every((c) => /Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
      await ctx.http().post(`${P}/token-refresh/`).set(browser).set('Cookie', current).send({}).expect(401);
    });

    it('rotate: each is single-use, and reuse revokes the whole family', async () => {
      const user = await makeUser(ctx.db);
      const first = await sessionFor(ctx, user.id);
      const second = await ctx.http().post(`${P}/token-refresh/`).send({ refresh: first.refresh }).expect(200);
      expect(second.body.refresh).not.toBe(first.refresh);
      await ctx.http().get(`${P}/current-user/`).set(...auth(second.body.access)).expect(200);

      const reuse = await ctx.http().post(`${P}/token-refresh/`).send({ refresh: first.refresh }).expect(401);
      expect(reuse.body.code).toBe(ERROR_CODES.tokenNotValid);
      // The thief's use burnt the family: the legitimate holder's tokens are dead too.
      await ctx.http().post(`${P}/token-refresh/`).send({ refresh: second.body.refresh }).expect(401);
      await ctx.http().get(`${P}/current-user/`).set(...auth(second.body.access)).expect(401);
      const [row] = await ctx.db.query(`SELECT count(*)::int AS n FROM logs WHERE event_type = 'refresh_token_reuse' AND user_id = $1`, [user.id]);
      expect(row.n).toBe(1);
    });

    it('are stored only as hashes', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      const rows = await ctx.db.query(`SELECT token_hash FROM refresh_tokens rt JOIN token_families f ON f.id = rt.family_id WHERE f.user_id = $1`, [user.id]);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(pair.refresh);
    });

    it('refuse malformed, unknown and expired tokens with token_not_valid', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      await ctx.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'`);
      for (const refresh of ['garbage', 'x'.repeat(43), pair.refresh]) {
        const res = await ctx.http().post(`${P}/token-refresh/`).send({ refresh }).expect(401);
        expect(res.body.code).toBe(ERROR_CODES.tokenNotValid);
      }
      const bad = await ctx.http().get(`${P}/current-user/`).set(...auth('not.a.jwt')).expect(401);
      expect(bad.body.code).toBe(ERROR_CODES.tokenNotValid);
      const none = await ctx.http().get(`${P}/current-user/`).expect(401);
      expect(none.body.code).toBe(ERROR_CODES.tokenNotValid);
    });
  });

  describe('logout and deactivation', () => {
    it('logout revokes the family at once', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      await ctx.http().post(`${P}/logout/`).send({ refresh_token: pair.refresh }).expect(200);
      await ctx.http().get(`${P}/current-user/`).set(...auth(pair.access)).expect(401);
      await ctx.http().post(`${P}/token-refresh/`).send({ refresh: pair.refresh }).expect(401);
      const [row] = await ctx.db.query(`SELECT count(*)::int AS n FROM logs WHERE event_type = 'logout' AND user_id = $1`, [user.id]);
      expect(row.n).toBe(1);
    });

    it("a deactivated user's tokens stop working at once", async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      await ctx.http().get(`${P}/current-user/`).set(...auth(pair.access)).expect(200);
      await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [user.id]);
      await ctx.http().get(`${P}/current-user/`).set(...auth(pair.access)).expect(401);
      await ctx.http().post(`${P}/token-refresh/`).send({ refresh: pair.refresh }).expect(401);
    });
  });

  describe('current user', () => {
    it('answers the group with a perm for every section', async () => {
      const user = await makeUser(ctx.db, { perms: [{ section_name: 'logs', status: 'Limited', fields: ['type'] }] });
      const pair = await sessionFor(ctx, user.id);
      const me = await ctx.http().get(`${P}/current-user/`).set(...auth(pair.access)).expect(200);
      expect(me.body).toMatchObject({ id: user.id, email: user.email, is_active: true, group: { id: user.groupId } });
      expect(me.body.group.perms).toHaveLength(SECTIONS.length);
      expect(me.body.group.perms.find((p: { section_name: string }) => p.section_name === 'logs')).toMatchObject({ status: 'Limited', fields: ['type'] });
      expect(me.body.group.perms.find((p: { section_name: string }) => p.section_name === 'users').status).toBe('NP');
    });
  });

  describe('own account', () => {
    it('changes the email and refuses a taken one', async () => {
      const user = await makeUser(ctx.db);
      const other = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      const newEmail = uniqueEmail('renamed');
      // A new email needs the current password.
      const bare = await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: newEmail }).expect(400);
      expect(bare.body).toEqual({ old_password: [OWN_MESSAGES.currentPasswordForEmail] });
      const wrong = await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: newEmail, old_password: 'Wrong!pass1' }).expect(400);
      expect(wrong.body).toEqual({ old_password: [OWN_MESSAGES.oldPasswordWrong] });
      const ok = await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: newEmail, old_password: user.password }).expect(200);
      expect(ok.body).toEqual({ id: user.id, email: newEmail });
      const taken = await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: other.email.toUpperCase(), old_password: user.password }).expect(400);
      expect(taken.body).toEqual({ email: [OWN_MESSAGES.emailTaken] });
      const invalid = await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: 'nope' }).expect(400);
      expect(invalid.body).toEqual({ email: [MESSAGES.accountEmailInvalid] });
    });

    it('throttles guesses of the current password like sign-in', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      const put = (old_password: string) =>
        ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: user.email, old_password, new_password: 'N3w!Password' });
      for (let i = 0; i < 5; i++) expect((await put(`Wrong!pass${i}`).expect(400)).body).toEqual({ old_password: [OWN_MESSAGES.oldPasswordWrong] });
      await put(user.password).expect(429);
    });

    it("refuses to change someone else's account", async () => {
      const user = await makeUser(ctx.db);
      const other = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      await ctx.http().put(`${P}/users/${other.id}/`).set(...auth(pair.access)).send({ email: uniqueEmail() }).expect(403);
    });

    it('applies the password rules and messages', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      const put = (body: object) => ctx.http().put(`${P}/users/${user.id}/`).set(...auth(pair.access)).send({ email: user.email, ...body });
      expect((await put({ old_password: user.password }).expect(400)).body).toEqual({ detail: MESSAGES.bothPasswordsRequired });
      expect((await put({ old_password: user.password, new_password: user.password }).expect(400)).body).toEqual({
        new_password: [MESSAGES.newPasswordSameAsOld],
      });
      expect((await put({ old_password: user.password, new_password: 'alllowercase1!' }).expect(400)).body).toEqual({
        new_password: [OWN_MESSAGES.passwordRules],
      });
      expect((await put({ old_password: 'Wrong!pass1', new_password: 'N3w!Password' }).expect(400)).body).toEqual({
        old_password: [OWN_MESSAGES.oldPasswordWrong],
      });
    });

    it('a new password ends the other sessions, keeps this one, and works for sign-in', async () => {
      const user = await makeUser(ctx.db);
      const mine = await sessionFor(ctx, user.id);
      const elsewhere = await sessionFor(ctx, user.id);
      await ctx.http().put(`${P}/users/${user.id}/`).set(...auth(mine.access)).send({ email: user.email, old_password: user.password, new_password: 'N3w!Password' }).expect(200);
      await ctx.http().get(`${P}/current-user/`).set(...auth(mine.access)).expect(200);
      await ctx.http().get(`${P}/current-user/`).set(...auth(elsewhere.access)).expect(401);
      await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(400);
      await ctx.http().post(`${P}/login/`).send({ email: user.email, password: 'N3w!Password' }).expect(200);
    });
  });

  describe('the sign-in log', () => {
    it('records success, failure, 2FA activation and never a password or code', async () => {
      const user = await makeUser(ctx.db);
      await ctx.http().post(`${P}/login/`).send({ email: user.email, password: 'Wrong!pass1' }).expect(400);
      const signed = await signInThroughHttp(ctx, user);
      const rows: { event_type: string; log_data: object }[] = await ctx.db.query(
        `SELECT event_type, log_data FROM logs WHERE type = 'user' AND (user_id = $1 OR log_data->>'email' = $2) ORDER BY id`,
        [user.id, user.email],
      );
      expect(rows.map((r) => r.event_type)).toEqual(['login_failed', 'login_password_ok', '2fa_activated', 'login_success']);
      const text = JSON.stringify(rows);
      expect(text).not.toContain(user.password);
      expect(text).not.toContain('Wrong!pass1');
      expect(text).not.toContain(signed.secret);
      expect(rows[0].log_data).toMatchObject({ reason: 'wrong_password', ip: expect.any(String) });
    });
  });

  describe('admin account', () => {
    it('creates an active admin in an all-Full group, and a second run resets it', async () => {
      const email = uniqueEmail('admin');
      for (const weak of ['short1!', 'alllowercase1!', 'NoDigits!here', 'NoSymbol1here']) {
        await expect(createOrResetAdmin(ctx.db, email, weak)).rejects.toThrow(OWN_MESSAGES.passwordRules);
      }
      const created = await createOrResetAdmin(ctx.db, email, 'First!pass1');
      expect(created).toMatchObject({ email, group: 'Administrators' });
      const [group] = await ctx.db.query(`SELECT perms FROM groups WHERE name = 'Administrators'`);
      expect(group.perms).toHaveLength(SECTIONS.length);
      expect(group.perms.every((p: { status: string }) => p.status === 'Full')).toBe(true);
      const again = await createOrResetAdmin(ctx.db, email, 'Second!pass2');
      expect(again.id).toBe(created.id);
      await ctx.http().post(`${P}/login/`).send({ email, password: 'Second!pass2' }).expect(200);
      const logged = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'admin_created_or_reset' AND user_id = $1`, [created.id]);
      expect(logged.map((row: { log_data: unknown }) => row.log_data)).toEqual([
        { email, via: 'cli' },
        { email, via: 'cli' },
      ]);
    });
  });
});

describe('limits on guessing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  // Every test counts its own failures from zero.
  beforeEach(() => clearRedisPrefix(ctx.redis, ctx.config.redisPrefix));

  it('locks an account after 5 failures, with the same answer whether or not the email exists', async () => {
    const user = await makeUser(ctx.db);
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 5; i++) {
      await ctx.http().post(`${P}/login/`).send({ email: user.email, password: 'Wrong!pass1' }).expect(400);
      await ctx.http().post(`${P}/login/`).send({ email: ghost, password: 'Wrong!pass1' }).expect(400);
    }
    const real = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(429);
    const fake = await ctx.http().post(`${P}/login/`).send({ email: ghost, password: 'x' }).expect(429);
    expect(real.body).toEqual(fake.body);
    expect(real.body.detail).toBe(OWN_MESSAGES.tooManyAttempts);
    expect(Number(real.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one address to 20 failures a minute across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await ctx.http().post(`${P}/login/`).send({ email: uniqueEmail('spray'), password: 'Wrong!pass1' }).expect(400);
    }
    await ctx.http().post(`${P}/login/`).send({ email: uniqueEmail('spray'), password: 'Wrong!pass1' }).expect(429);
  });

  it('limits authenticator-code guessing per account', async () => {
    const user = await makeUser(ctx.db);
    const pending = await sessionFor(ctx, user.id, false);
    const secret = secretOf((await ctx.http().post(`${P}/totp/create/`).set(...auth(pending.access)).expect(200)).body.url);
    const wrong = wrongTotpCode(secret, ctx.clock.now());
    for (let i = 0; i < 5; i++) await ctx.http().post(`${P}/totp/login/${wrong}/`).set(...auth(pending.access)).expect(400);
    await ctx.http().post(`${P}/totp/login/${totpCode(secret, ctx.clock.now())}/`).set(...auth(pending.access)).expect(429);
  });
});

describe('bot-check with ALTCHA', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' });
  });
  afterAll(() => ctx.close());

  async function solvedPayload(): Promise<string> {
    const challenge = (await ctx.http().get(`${P}/captcha-challenge/`).expect(200)).body;
    expect(challenge.provider).toBe('altcha');
    const { provider: _provider, ...altcha } = challenge;
    const solution = await solveChallenge({ challenge: altcha, deriveKey });
    return Buffer.from(JSON.stringify({ challenge: altcha, solution })).toString('base64');
  }

  it('a solved challenge yields a single-use token that login requires', async () => {
    const user = await makeUser(ctx.db);
    const payload = await solvedPayload();
    const verify = await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: payload }).expect(200);
    expect(verify.body.is_robot).toBe(false);
    const token = verify.body.captcha_token as string;

    const without = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password }).expect(400);
    expect(without.body).toEqual({ detail: MESSAGES.captchaFailed });
    await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password, captcha_token: token }).expect(200);
    const spent = await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password, captcha_token: token }).expect(400);
    expect(spent.body).toEqual({ detail: MESSAGES.captchaFailed });
  });

  it('refuses a replayed solution and a forged one', async () => {
    const payload = await solvedPayload();
    await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: payload }).expect(200);
    const replay = await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: payload }).expect(200);
    expect(replay.body).toEqual({ is_robot: true, captcha_token: null });
    const fresh = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...fresh, solution: { ...fresh.solution, derivedKey: fresh.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0')) } })).toString('base64');
    expect((await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: forged }).expect(200)).body.is_robot).toBe(true);
    const easier = Buffer.from(JSON.stringify({ ...fresh, challenge: { ...fresh.challenge, parameters: { ...fresh.challenge.parameters, keyPrefix: '00' } } })).toString('base64');
    expect((await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: easier }).expect(200)).body.is_robot).toBe(true);
    for (const junk of ['', 'not base64 json', Buffer.from('{"challenge":null}').toString('base64')]) {
      expect((await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: junk }).expect(200)).body).toEqual({ is_robot: true, captcha_token: null });
    }
  });

  it('asks for about CAPTCHA_WORK rounds of work', async () => {
    const light = await createTestApp({ CAPTCHA_PROVIDER: 'altcha', CAPTCHA_WORK: '200' });
    try {
      for (let i = 0; i < 5; i++) {
        const { provider: _provider, ...altcha } = (await light.http().get(`${P}/captcha-challenge/`).expect(200)).body;
        const solution = await solveChallenge({ challenge: altcha, deriveKey });
        expect(solution!.counter).toBeGreaterThanOrEqual(100);
        expect(solution!.counter).toBeLessThanOrEqual(300);
      }
    } finally {
      await light.close();
    }
  });

  it('a captcha token expires after 2 minutes', async () => {
    const user = await makeUser(ctx.db);
    const verify = await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: await solvedPayload() }).expect(200);
    await ctx.db.query(`UPDATE captcha_proofs SET expires_at = now() - interval '1 second' WHERE kind = 'pass'`);
    await ctx.http().post(`${P}/login/`).send({ email: user.email, password: user.password, captcha_token: verify.body.captcha_token }).expect(400);
  });
});

describe('bot-check with reCAPTCHA', () => {
  let ctx: TestContext;
  let fake: Server;
  const seen: string[] = [];
  beforeAll(async () => {
    // A local stand-in for the provider's verify endpoint.
    fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        seen.push(params.get('secret') ?? '');
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: params.get('response') === 'human' }));
      });
    }).listen(0, '127.0.0.1');
    await new Promise((r) => fake.once('listening', r));
    const port = (fake.address() as AddressInfo).port;
    ctx = await createTestApp({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's3cret', RECAPTCHA_SITE_KEY: 'site-key-1', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify` });
  });
  afterAll(async () => {
    await ctx.close();
    fake.close();
  });

  it('hands the SPA the site key, and opens the policy to Google only now', async () => {
    const res = await ctx.http().get(`${P}/captcha-challenge/`).expect(200);
    expect(res.body).toEqual({ provider: 'recaptcha', site_key: 'site-key-1' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(csp).toContain("frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('verifies server-side with the secret', async () => {
    expect((await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: 'human' }).expect(200)).body.is_robot).toBe(false);
    expect((await ctx.http().post(`${P}/google-captcha-verify/`).send({ response: 'bot' }).expect(200)).body.is_robot).toBe(true);
    expect(seen).toEqual(['s3cret', 's3cret']);
  });
});
