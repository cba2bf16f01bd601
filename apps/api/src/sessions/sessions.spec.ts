import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, MESSAGES, NOTICES, OWN_MESSAGES, permsAll, SESSION_MESSAGES, type Perm, type SignInAttempt, type UserSession } from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeGroup, makeUser, secretOf, sessionFor, totpCode, TestUser, wrongTotpCode } from '../test/factories';

const API = '/api/v2';
const ME = `${API}${API_PATHS.currentUser}`;
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Client {
  userAgent: string;
  forwardedFor?: string;
}

/** Every section NP but the named ones. */
const only = (levels: Partial<Record<Perm['section_name'], Perm['status']>>): Partial<Perm>[] =>
  permsAll('NP').map((p) => ({ ...p, status: levels[p.section_name] ?? 'NP' }));

/**
 * Sign-ins through HTTP as a browser would make them: user agent and (behind a proxy) X-Forwarded-For on
 * both steps. Each moves the app's clock a step on, since a code's step is usable once.
 */
function signInFlow(ctx: TestContext) {
  const secrets = new Map<number, string>();
  const headers = (client: Client) => ({ 'User-Agent': client.userAgent, ...(client.forwardedFor ? { 'X-Forwarded-For': client.forwardedFor } : {}) });
  const signIn = async (user: TestUser, client: Client): Promise<{ access: string; refresh: string }> => {
    ctx.clock.set(ctx.clock.now() + 30_000);
    const login = await ctx.http().post(`${API}${API_PATHS.login}`).set(headers(client)).send({ email: user.email, password: user.password }).expect(200);
    if (!secrets.has(user.id)) {
      const qr = await ctx.http().post(`${API}${API_PATHS.totpCreate}`).set(headers(client)).set(...auth(login.body.access)).expect(200);
      secrets.set(user.id, secretOf(qr.body.url));
    }
    const code = totpCode(secrets.get(user.id)!, ctx.clock.now());
    const verified = await ctx.http().post(`${API}${API_PATHS.totpLogin(code)}`).set(headers(client)).set(...auth(login.body.access)).expect(200);
    return verified.body;
  };
  return { signIn, wrongCode: (user: TestUser) => wrongTotpCode(secrets.get(user.id)!, ctx.clock.now()) };
}

async function ownSessions(ctx: TestContext, access: string): Promise<UserSession[]> {
  return (await ctx.http().get(`${API}${API_PATHS.ownSessions}`).set(...auth(access)).expect(200)).body.results;
}

async function userLogs(ctx: TestContext, eventType: string): Promise<{ user_id: number; log_data: Record<string, unknown> }[]> {
  return ctx.db.query(`SELECT user_id, log_data FROM logs WHERE type = 'user' AND event_type = $1 ORDER BY id`, [eventType]);
}

describe('sessions and sign-in history', () => {
  let ctx: TestContext;
  let signIn: ReturnType<typeof signInFlow>['signIn'];
  let wrongCode: ReturnType<typeof signInFlow>['wrongCode'];
  let admin: TestUser;
  let adminAccess: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ signIn, wrongCode } = signInFlow(ctx));
    admin = await makeUser(ctx.db, { perms: permsAll('Full') });
    adminAccess = (await sessionFor(ctx, admin.id)).access;
  });
  afterAll(() => ctx.close());

  describe('own sessions', () => {
    it('lists the live sessions with browser, system, address and times, and marks the current one', async () => {
      const user = await makeUser(ctx.db);
      const laptop = await signIn(user, { userAgent: CHROME_LINUX, forwardedFor: '203.0.113.7' });
      await signIn(user, { userAgent: FIREFOX_WINDOWS, forwardedFor: '198.51.100.20' });
      // A half-done sign-in (code still pending) is no session yet.
      await ctx.http().post(`${API}${API_PATHS.login}`).send({ email: user.email, password: user.password }).expect(200);

      const sessions = await ownSessions(ctx, laptop.access);
      expect(sessions).toHaveLength(2);
      const current = sessions.find((s) => s.is_current)!;
      expect(current).toMatchObject({ browser: 'Chrome', system: 'Linux', address: '203.0.113.7' });
      expect(sessions.find((s) => !s.is_current)).toMatchObject({ browser: 'Firefox', system: 'Windows', address: '198.51.100.20' });
      expect(Date.parse(current.signed_in_at)).not.toBeNaN();
      expect(Date.parse(current.last_active_at)).toBeGreaterThanOrEqual(Date.parse(current.signed_in_at) - 1000);
    });

    it('drops sessions past their refresh lifetime and ended ones', async () => {
      const user = await makeUser(ctx.db);
      const kept = await sessionFor(ctx, user.id);
      const expired = await sessionFor(ctx, user.id);
      const loggedOut = await sessionFor(ctx, user.id);
      await ctx.http().post(`${API}${API_PATHS.logout}`).send({ refresh_token: loggedOut.refresh }).expect(200);
      expect(await ownSessions(ctx, kept.access)).toHaveLength(2);
      await ctx.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [expired.refresh]);
      const left = await ownSessions(ctx, kept.access);
      expect(left).toHaveLength(1);
      expect(left[0].is_current).toBe(true);
    });

    it('writes the last activity at most once a minute', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      const family = async () =>
        (await ctx.db.query(`SELECT id, last_active_at FROM token_families WHERE user_id = $1`, [user.id]))[0] as { id: string; last_active_at: Date };
      const { id } = await family();
      await ctx.db.query(`UPDATE token_families SET last_active_at = now() - interval '30 seconds' WHERE id = $1`, [id]);
      const recent = (await family()).last_active_at;
      await ctx.http().get(ME).set(...auth(pair.access)).expect(200);
      expect((await family()).last_active_at).toEqual(recent);

      await ctx.db.query(`UPDATE token_families SET last_active_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
      const stale = (await family()).last_active_at;
      await ctx.http().get(ME).set(...auth(pair.access)).expect(200);
      const touched = (await family()).last_active_at;
      expect(touched.getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
    });

    it('ends another session: it is refused at its next request, and the ending is audited', async () => {
      const user = await makeUser(ctx.db);
      const mine = await sessionFor(ctx, user.id);
      const other = await sessionFor(ctx, user.id);
      await ctx.http().get(ME).set(...auth(other.access)).expect(200);
      const otherId = (await ownSessions(ctx, mine.access)).find((s) => !s.is_current)!.id;

      const ended = await ctx.http().delete(`${API}${API_PATHS.ownSession(otherId)}`).set(...auth(mine.access)).expect(200);
      expect(ended.body).toEqual({ detail: SESSION_MESSAGES.sessionEnded, ended: 1 });
      await ctx.http().get(ME).set(...auth(other.access)).expect(401);
      await ctx.http().post(`${API}${API_PATHS.tokenRefresh}`).send({ refresh: other.refresh }).expect(401);
      await ctx.http().get(ME).set(...auth(mine.access)).expect(200);
      expect((await userLogs(ctx, 'session_ended')).filter((row) => row.user_id === user.id).map((row) => row.log_data.family_id)).toEqual([otherId]);

      // Once ended, or someone else's: not found, and nothing else ends.
      await ctx.http().delete(`${API}${API_PATHS.ownSession(otherId)}`).set(...auth(mine.access)).expect(404);
      const stranger = await makeUser(ctx.db);
      const strangers = await sessionFor(ctx, stranger.id);
      const strangerFamily = (await ownSessions(ctx, strangers.access))[0].id;
      await ctx.http().delete(`${API}${API_PATHS.ownSession(strangerFamily)}`).set(...auth(mine.access)).expect(404);
      await ctx.http().get(ME).set(...auth(strangers.access)).expect(200);
    });

    it('refuses a malformed session id with a field message', async () => {
      const user = await makeUser(ctx.db);
      const pair = await sessionFor(ctx, user.id);
      const res = await ctx.http().delete(`${API}/users/sessions/not-a-uuid/`).set(...auth(pair.access)).expect(400);
      expect(res.body).toEqual({ session: [SESSION_MESSAGES.familyIdInvalid] });
    });

    it('ends every other session and keeps this one', async () => {
      const user = await makeUser(ctx.db);
      const mine = await sessionFor(ctx, user.id);
      const others = [await sessionFor(ctx, user.id), await sessionFor(ctx, user.id)];
      const res = await ctx.http().post(`${API}${API_PATHS.endOtherSessions}`).set(...auth(mine.access)).expect(200);
      expect(res.body).toEqual({ detail: SESSION_MESSAGES.otherSessionsEnded, ended: 2 });
      for (const other of others) await ctx.http().get(ME).set(...auth(other.access)).expect(401);
      await ctx.http().get(ME).set(...auth(mine.access)).expect(200);
      expect((await ownSessions(ctx, mine.access)).map((s) => s.is_current)).toEqual([true]);
      expect((await userLogs(ctx, 'other_sessions_ended')).find((row) => row.user_id === user.id)?.log_data.ended).toBe(2);
    });
  });

  describe('addresses', () => {
    it('come from X-Forwarded-For only through a trusted proxy (the test client is on loopback, trusted by default)', async () => {
      const user = await makeUser(ctx.db);
      const pair = await signIn(user, { userAgent: CHROME_LINUX, forwardedFor: '192.0.2.44' });
      expect((await ownSessions(ctx, pair.access))[0].address).toBe('192.0.2.44');
    });

    it('ignore a forged X-Forwarded-For when the proxy is not trusted', async () => {
      const untrusted = await createTestApp({ TRUST_PROXY: '10.255.255.1' });
      try {
        const user = await makeUser(untrusted.db);
        const pair = await signInFlow(untrusted).signIn(user, { userAgent: CHROME_LINUX, forwardedFor: '192.0.2.99' });
        const [session] = await ownSessions(untrusted, pair.access);
        expect(session.address).not.toContain('192.0.2.99');
        expect(session.address).toMatch(/127\.0\.0\.1|::1/);
        const history = (await untrusted.http().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(pair.access)).expect(200)).body.results as SignInAttempt[];
        expect(history.map((a) => a.address)).not.toContain('192.0.2.99');
      } finally {
        await untrusted.close();
      }
    });

    it('are taken from a trusted X-Forwarded-For only when it is a valid IP; any other text gives the socket address', async () => {
      const forged = ['<img src=x onerror=alert(1)>', '9'.repeat(300), '203.0.113.9\t<b>x</b>', 'unknown', '999.1.1.1'];
      for (const forwardedFor of forged) {
        const user = await makeUser(ctx.db);
        const pair = await signIn(user, { userAgent: CHROME_LINUX, forwardedFor });
        const [session] = await ownSessions(ctx, pair.access);
        expect(session.address).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
        const history = (await ctx.http().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(pair.access)).expect(200)).body.results as SignInAttempt[];
        expect(history.length).toBeGreaterThan(0);
        for (const attempt of history) expect(attempt.address).toBe(session.address);
      }
      const user = await makeUser(ctx.db);
      const pair = await signIn(user, { userAgent: CHROME_LINUX, forwardedFor: ' 2001:db8::5 ' });
      expect((await ownSessions(ctx, pair.access))[0].address).toBe('2001:db8::5');
    });
  });

  describe('sign-in history', () => {
    it('shows each attempt with its outcome, address and browser, newest first, paged with a count', async () => {
      const user = await makeUser(ctx.db);
      const client = { userAgent: FIREFOX_WINDOWS, forwardedFor: '198.51.100.77' };
      const headers = { 'User-Agent': client.userAgent, 'X-Forwarded-For': client.forwardedFor };
      const pair = await signIn(user, client);
      await ctx.http().post(`${API}${API_PATHS.login}`).set(headers).send({ email: user.email, password: 'Wrong!pass1' }).expect(400);
      const pending = await ctx.http().post(`${API}${API_PATHS.login}`).set(headers).send({ email: user.email, password: user.password }).expect(200);
      await ctx.http().post(`${API}${API_PATHS.totpLogin(wrongCode(user))}`).set(headers).set(...auth(pending.body.access)).expect(400);

      const page = (await ctx.http().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(pair.access)).expect(200)).body;
      expect(page.count).toBe(3);
      expect(page.results.map((a: SignInAttempt) => a.outcome)).toEqual(['wrong_code', 'wrong_password', 'success']);
      expect(page.results[2]).toMatchObject({ address: '198.51.100.77', browser: 'Firefox', system: 'Windows' });
      expect(Date.parse(page.results[0].created_at)).not.toBeNaN();

      const first = (await ctx.http().get(`${API}${API_PATHS.ownSignInHistory}?page_size=2`).set(...auth(pair.access)).expect(200)).body;
      expect(first).toMatchObject({ count: 3, previous: null });
      expect(first.results).toHaveLength(2);
      const next = new URL(first.next as string);
      const second = (await ctx.http().get(`${next.pathname}${next.search}`).set(...auth(pair.access)).expect(200)).body;
      expect(second.results.map((a: SignInAttempt) => a.outcome)).toEqual(['success']);
    });

    it('binds its page links to the user who opened them and to the list: replayed by another user, 400', async () => {
      const user = await makeUser(ctx.db);
      const client = { userAgent: FIREFOX_WINDOWS, forwardedFor: '198.51.100.78' };
      const pair = await signIn(user, client);
      for (let i = 0; i < 2; i++) await ctx.http().post(`${API}${API_PATHS.login}`).send({ email: user.email, password: 'Wrong!pass1' }).expect(400);
      const linkOf = async (path: string, access: string) => {
        const next = new URL((await ctx.http().get(`${API}${path}?page_size=2`).set(...auth(access)).expect(200)).body.next as string);
        return `${next.pathname}${next.search}`;
      };
      // Two managers of the same user, the same list and filters: only the one who opened the link follows it.
      const otherAdmin = await makeUser(ctx.db, { perms: permsAll('Full') });
      const otherAccess = (await sessionFor(ctx, otherAdmin.id)).access;
      const managed = await linkOf(API_PATHS.userSignInHistory(user.id), adminAccess);
      expect((await ctx.http().get(managed).set(...auth(adminAccess)).expect(200)).body.results).toHaveLength(1);
      const replayed = await ctx.http().get(managed).set(...auth(otherAccess)).expect(400);
      expect(replayed.body).toEqual({ cursor: [OWN_MESSAGES.invalidCursor] });
      // The user's own link on another user's own history (another filter), and on the manager's list of it.
      const own = await linkOf(API_PATHS.ownSignInHistory, pair.access);
      await ctx.http().get(own).set(...auth(pair.access)).expect(200);
      expect((await ctx.http().get(own).set(...auth(adminAccess)).expect(400)).body).toEqual({ cursor: [OWN_MESSAGES.invalidCursor] });
      const cursor = new URL(own, 'http://x').searchParams.get('cursor')!;
      await ctx.http().get(`${API}${API_PATHS.userSignInHistory(user.id)}?page_size=2&page=2&cursor=${cursor}`).set(...auth(adminAccess)).expect(400);
    });

    it('shows a lock once the attempts run out, and keeps only the last 90 days', async () => {
      const user = await makeUser(ctx.db);
      const headers = { 'User-Agent': SAFARI_IPHONE, 'X-Forwarded-For': '198.51.100.88' };
      for (let i = 0; i < 5; i++) await ctx.http().post(`${API}${API_PATHS.login}`).set(headers).send({ email: user.email, password: 'Wrong!pass1' }).expect(400);
      await ctx.http().post(`${API}${API_PATHS.login}`).set(headers).send({ email: user.email, password: 'Wrong!pass1' }).expect(429);
      const pair = await sessionFor(ctx, user.id);
      const history = async () => (await ctx.http().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(pair.access)).expect(200)).body;
      const page = await history();
      expect(page.count).toBe(6);
      expect(page.results[0]).toMatchObject({ outcome: 'locked', browser: 'Safari', system: 'iOS', address: '198.51.100.88' });

      await ctx.db.query(
        `UPDATE logs SET created_at = now() - interval '91 days' WHERE id = (SELECT min(id) FROM logs WHERE user_id = $1 AND event_type = 'login_failed')`,
        [user.id],
      );
      expect((await history()).count).toBe(5);
    });

    it('shows a wrong code after a lock on codes as locked', async () => {
      const user = await makeUser(ctx.db);
      const pair = await signIn(user, { userAgent: CHROME_LINUX });
      const pending = await ctx.http().post(`${API}${API_PATHS.login}`).send({ email: user.email, password: user.password }).expect(200);
      for (let i = 0; i < 5; i++) await ctx.http().post(`${API}${API_PATHS.totpLogin(wrongCode(user))}`).set(...auth(pending.body.access)).expect(400);
      await ctx.http().post(`${API}${API_PATHS.totpLogin(wrongCode(user))}`).set(...auth(pending.body.access)).expect(429);
      const outcomes = ((await ctx.http().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(pair.access)).expect(200)).body.results as SignInAttempt[]).map((a) => a.outcome);
      expect(outcomes).toEqual(['locked', ...Array(5).fill('wrong_code'), 'success']);
    });
  });

  describe('managing other users', () => {
    it('lists a user’s sessions and history for the users section, and ends all of them, audited', async () => {
      const user = await makeUser(ctx.db);
      const laptop = await signIn(user, { userAgent: CHROME_LINUX, forwardedFor: '203.0.113.50' });
      const phone = await signIn(user, { userAgent: SAFARI_IPHONE, forwardedFor: '203.0.113.51' });

      const listed = (await ctx.http().get(`${API}${API_PATHS.userSessions(user.id)}`).set(...auth(adminAccess)).expect(200)).body.results as UserSession[];
      expect(listed.map((s) => s.address).sort()).toEqual(['203.0.113.50', '203.0.113.51']);
      expect(listed.every((s) => !s.is_current)).toBe(true);
      const history = (await ctx.http().get(`${API}${API_PATHS.userSignInHistory(user.id)}`).set(...auth(adminAccess)).expect(200)).body;
      expect(history.count).toBe(2);

      const res = await ctx.http().post(`${API}${API_PATHS.endUserSessions(user.id)}`).set(...auth(adminAccess)).expect(200);
      expect(res.body).toEqual({ detail: SESSION_MESSAGES.userSessionsEnded, ended: 2 });
      for (const pair of [laptop, phone]) await ctx.http().get(ME).set(...auth(pair.access)).expect(401);
      expect((await ctx.http().get(`${API}${API_PATHS.userSessions(user.id)}`).set(...auth(adminAccess)).expect(200)).body.results).toEqual([]);
      const audit = (await userLogs(ctx, 'user_sessions_ended')).find((row) => row.log_data.target_user_id === user.id);
      expect(audit).toMatchObject({ user_id: admin.id, log_data: { target_user_id: user.id, ended: 2 } });
      await ctx.http().get(ME).set(...auth(adminAccess)).expect(200);
    });

    it('ends one session of a user, audited with the session', async () => {
      const user = await makeUser(ctx.db);
      const kept = await sessionFor(ctx, user.id);
      const lost = await sessionFor(ctx, user.id);
      const lostId = (await ownSessions(ctx, lost.access)).find((s) => s.is_current)!.id;
      await ctx.http().delete(`${API}${API_PATHS.userSession(user.id, lostId)}`).set(...auth(adminAccess)).expect(200);
      await ctx.http().get(ME).set(...auth(lost.access)).expect(401);
      await ctx.http().get(ME).set(...auth(kept.access)).expect(200);
      expect((await userLogs(ctx, 'user_session_ended')).find((row) => row.log_data.family_id === lostId)).toMatchObject({ user_id: admin.id });
      // A session of another user under this user's id: not found.
      const stranger = await sessionFor(ctx, (await makeUser(ctx.db)).id);
      const strangerId = (await ownSessions(ctx, stranger.access))[0].id;
      await ctx.http().delete(`${API}${API_PATHS.userSession(user.id, strangerId)}`).set(...auth(adminAccess)).expect(404);
      await ctx.http().get(ME).set(...auth(stranger.access)).expect(200);
    });

    it('answers 404 for a missing user and refuses the caller’s own sessions', async () => {
      for (const path of [API_PATHS.userSessions(999_999), API_PATHS.userSignInHistory(999_999)]) {
        await ctx.http().get(`${API}${path}`).set(...auth(adminAccess)).expect(404);
      }
      await ctx.http().post(`${API}${API_PATHS.endUserSessions(999_999)}`).set(...auth(adminAccess)).expect(404);
      const own = await ctx.http().post(`${API}${API_PATHS.endUserSessions(admin.id)}`).set(...auth(adminAccess)).expect(400);
      expect(own.body).toEqual({ detail: SESSION_MESSAGES.ownSessionsFromAccount });
      await ctx.http().get(ME).set(...auth(adminAccess)).expect(200);
    });

    it('needs the users section: without it only one’s own sessions; at Full but below the user’s group, refused', async () => {
      const target = await makeUser(ctx.db, { perms: permsAll('Full') });
      const targetPair = await sessionFor(ctx, target.id);
      const plain = await makeUser(ctx.db, { perms: only({ signals: 'Full' }) });
      const plainAccess = (await sessionFor(ctx, plain.id)).access;
      await ctx.http().get(`${API}${API_PATHS.userSessions(target.id)}`).set(...auth(plainAccess)).expect(403);
      await ctx.http().get(`${API}${API_PATHS.userSignInHistory(target.id)}`).set(...auth(plainAccess)).expect(403);
      await ctx.http().post(`${API}${API_PATHS.endUserSessions(target.id)}`).set(...auth(plainAccess)).expect(403);
      await ctx.http().get(`${API}${API_PATHS.ownSessions}`).set(...auth(plainAccess)).expect(200);

      // A users manager whose group is below the target's may not sign an administrator out.
      const manager = await makeUser(ctx.db, { groupId: (await makeGroup(ctx.db, { perms: only({ users: 'Full' }) })).id });
      const managerAccess = (await sessionFor(ctx, manager.id)).access;
      // Nor read its sessions or sign-in history: reads check the same rule as the writes.
      for (const path of [API_PATHS.userSessions(target.id), API_PATHS.userSignInHistory(target.id)]) {
        const hidden = await ctx.http().get(`${API}${path}`).set(...auth(managerAccess)).expect(403);
        expect(hidden.body).toEqual({ detail: OWN_MESSAGES.userBeyondOwnRead });
      }
      const refused = await ctx.http().post(`${API}${API_PATHS.endUserSessions(target.id)}`).set(...auth(managerAccess)).expect(403);
      expect(refused.body).toEqual({ detail: OWN_MESSAGES.userBeyondOwn });
      await ctx.http().get(ME).set(...auth(targetPair.access)).expect(200);
      // …but may for a user within its levels.
      const within = await makeUser(ctx.db, { perms: only({ users: 'Full' }) });
      const withinPair = await sessionFor(ctx, within.id);
      expect((await ctx.http().get(`${API}${API_PATHS.userSessions(within.id)}`).set(...auth(managerAccess)).expect(200)).body.results).toHaveLength(1);
      await ctx.http().get(`${API}${API_PATHS.userSignInHistory(within.id)}`).set(...auth(managerAccess)).expect(200);
      await ctx.http().post(`${API}${API_PATHS.endUserSessions(within.id)}`).set(...auth(managerAccess)).expect(200);
      await ctx.http().get(ME).set(...auth(withinPair.access)).expect(401);
    });
  });

  describe('new-device notice', () => {
    async function notices(): Promise<{ title: string; text_body: string; outbox: string | null }[]> {
      return ctx.db.query(
        `SELECT n.title, n.text_body, o.text AS outbox FROM notifications n LEFT JOIN telegram_outbox o ON o.notification_id = n.id ORDER BY n.id`,
      );
    }

    it('announces a sign-in from a browser and address not seen before, in the feed and to Telegram', async () => {
      const user = await makeUser(ctx.db);
      const home = { userAgent: CHROME_LINUX, forwardedFor: '203.0.113.90' };
      const before = (await notices()).length;
      await signIn(user, home); // the first sign-in: every device is new, nothing to tell
      await signIn(user, { ...home, userAgent: CHROME_LINUX.replace('131.0.0.0', '132.0.0.0') }); // an update is not a new device
      expect(await notices()).toHaveLength(before);

      await signIn(user, { userAgent: FIREFOX_WINDOWS, forwardedFor: '203.0.113.90' });
      await signIn(user, { userAgent: CHROME_LINUX, forwardedFor: '198.51.100.91' });
      const added = (await notices()).slice(before);
      const expected = [NOTICES.newDeviceSignIn(user.email, 'Firefox on Windows', '203.0.113.90'), NOTICES.newDeviceSignIn(user.email, 'Chrome on Linux', '198.51.100.91')];
      expect(added.map(({ title, text_body }) => ({ title, text_body }))).toEqual(expected);
      expect(added.map((n) => n.outbox)).toEqual(expected.map((n) => `${n.title}\n\n${n.text_body}`));

      await signIn(user, { userAgent: FIREFOX_WINDOWS, forwardedFor: '203.0.113.90' });
      expect(await notices()).toHaveLength(before + 2);
    });

    it('the feed shows it to the notifications section', async () => {
      const feed = (await ctx.http().get(`${API}${API_PATHS.notifications}`).set(...auth(adminAccess)).expect(200)).body.results as { title: string }[];
      expect(feed.some((n) => n.title === NOTICES.newDeviceSignIn('', '', '').title)).toBe(true);
    });
  });

  it('a wrong password answers the spec message as before', async () => {
    const user = await makeUser(ctx.db);
    const res = await ctx.http().post(`${API}${API_PATHS.login}`).send({ email: user.email, password: 'Wrong!pass1' }).expect(400);
    expect(res.body).toEqual({ detail: MESSAGES.loginInvalid });
  });
});

describe('sign-in history with the bot-check on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' });
  });
  afterAll(() => ctx.close());

  it('shows a failed bot-check on the account it named', async () => {
    const user = await makeUser(ctx.db);
    await ctx.http().post(`${API}${API_PATHS.login}`).set('User-Agent', FIREFOX_WINDOWS).send({ email: user.email, password: user.password }).expect(400);
    const pair = await sessionFor(ctx, user.id);
    const page = (await ctx.http().get(`${API}${API_PATHS.ownSignInHistory}`).set(...auth(pair.access)).expect(200)).body;
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({ outcome: 'bot_check_failed', browser: 'Firefox', system: 'Windows' });
  });
});
