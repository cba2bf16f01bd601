import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_LIMITS, API_TOKEN_MESSAGES, API_TOKEN_PREFIX, ERROR_CODES, permsAll, SECTION_DISPLAY_NAMES, SECTIONS, type ApiTokenPerm, type Level, type Perm, type SectionName,
} from '@console/contracts';
import { sha256 } from '../common/crypto/secrets';
import { ApiTokensRepository } from './api-tokens.repository';
import { auth, makeUser, sessionFor, type TestUser } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { startWorker } from '../test/worker';
import { MaintenanceProcessor } from '../maintenance/maintenance.processor';

const T = '/api/v2/users/tokens/';
const PAIRS = '/api/v2/strategies/pairs/';
const DAY = 24 * 60 * 60 * 1000;

/** Every section NP but the named ones at the given levels. */
const only = (levels: Partial<Record<SectionName, Level>>): Partial<Perm>[] => permsAll('NP').map((p) => ({ ...p, status: levels[p.section_name] ?? 'NP' }));
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('personal API tokens', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  async function userWith(levels: Partial<Record<SectionName, Level>>): Promise<TestUser & { session: string }> {
    const user = await makeUser(ctx.db, { perms: only(levels) });
    return { ...user, session: (await sessionFor(ctx, user.id)).access };
  }
  async function tokenOf(owner: { session: string }, body: { name?: string; expires_at?: string; perms?: ApiTokenPerm[] } = {}): Promise<{ id: number; token: string }> {
    const res = await ctx.http().post(T).set(...auth(owner.session)).send({ name: 'script', expires_at: inDays(30), ...body }).expect(201);
    return res.body;
  }
  const setGroup = (user: TestUser, levels: Partial<Record<SectionName, Level>>) =>
    ctx.db.query(`UPDATE groups SET perms = $2::jsonb WHERE id = $1`, [user.groupId, JSON.stringify(only(levels))]);

  it('answers the token once, tc_ and 43 random characters; stores only its SHA-256 and the prefix; lists it without the token', async () => {
    const owner = await userWith({ pairs: 'Full', logs: 'Limited', users: 'Full', groups: 'Full' });
    const created = await ctx.http().post(T).set(...auth(owner.session)).send({ name: ' deploy bot ', expires_at: inDays(90) }).expect(201);
    const token: string = created.body.token;
    expect(token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created.body).toMatchObject({ name: 'deploy bot', prefix: token.slice(0, API_TOKEN_LIMITS.shownChars), last_used_at: null });
    // By default read only wherever the user reads, and nothing on users or groups.
    expect(created.body.perms).toEqual([
      { section_name: 'pairs', status: 'ReadOnly' },
      { section_name: 'logs', status: 'ReadOnly' },
    ]);

    const [row] = await ctx.db.query(`SELECT to_jsonb(t) AS row FROM api_tokens t WHERE id = $1`, [created.body.id]);
    expect(row.row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row.row)).not.toContain(token.slice(API_TOKEN_LIMITS.shownChars));
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM logs WHERE log_data::text LIKE $1`, [`%${token.slice(API_TOKEN_LIMITS.shownChars)}%`]);
    expect(n).toBe(0);

    const list = await ctx.http().get(T).set(...auth(owner.session)).expect(200);
    expect(list.body.results).toEqual([{ ...created.body, token: undefined }].map(({ token: _t, ...rest }) => rest));
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('refuses a level above the group, a forbidden section, a section twice, and a bad name or expiry, with 400 and the message', async () => {
    const owner = await userWith({ pairs: 'ReadOnly', logs: 'Limited', signals: 'Full', users: 'Full' });
    const refused = async (body: object) => (await ctx.http().post(T).set(...auth(owner.session)).send({ name: 'x', expires_at: inDays(1), ...body }).expect(400)).body;
    expect(await refused({ perms: [{ section_name: 'pairs', status: 'Full' }] })).toEqual({ perms: [API_TOKEN_MESSAGES.levelAboveGroup(SECTION_DISPLAY_NAMES.pairs, 'Full', 'ReadOnly')] });
    expect(await refused({ perms: [{ section_name: 'logs', status: 'Full' }] })).toEqual({ perms: [API_TOKEN_MESSAGES.levelAboveGroup(SECTION_DISPLAY_NAMES.logs, 'Full', 'Limited')] });
    expect(await refused({ perms: [{ section_name: 'orders', status: 'ReadOnly' }] })).toEqual({ perms: [API_TOKEN_MESSAGES.levelAboveGroup(SECTION_DISPLAY_NAMES.orders, 'ReadOnly', 'NP')] });
    expect(await refused({ perms: [{ section_name: 'users', status: 'ReadOnly' }] })).toEqual({ perms: [API_TOKEN_MESSAGES.forbiddenSection(SECTION_DISPLAY_NAMES.users)] });
    expect(await refused({ perms: [{ section_name: 'signals', status: 'Full' }, { section_name: 'signals', status: 'NP' }] })).toEqual({ perms: [API_TOKEN_MESSAGES.sectionListedTwice] });
    expect(await refused({ name: '   ' })).toEqual({ name: [API_TOKEN_MESSAGES.nameBlank] });
    expect(await refused({ name: 'n'.repeat(API_TOKEN_LIMITS.nameMax + 1) })).toEqual({ name: [API_TOKEN_MESSAGES.nameTooLong] });
    expect(await refused({ expires_at: 'soon' })).toEqual({ expires_at: [API_TOKEN_MESSAGES.expiryInvalid] });
    expect(await refused({ expires_at: inDays(-1) })).toEqual({ expires_at: [API_TOKEN_MESSAGES.expiryInvalid] });
    expect(await refused({ expires_at: inDays(API_TOKEN_LIMITS.maxExpiryDays + 1) })).toEqual({ expires_at: [API_TOKEN_MESSAGES.expiryTooFar] });
    await ctx.http().post(T).set(...auth(owner.session)).send({ name: 'x', expires_at: inDays(API_TOKEN_LIMITS.maxExpiryDays - 1), perms: [{ section_name: 'signals', status: 'Full' }, { section_name: 'logs', status: 'Limited' }] }).expect(201);
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1`, [owner.id]);
    expect(n).toBe(1);
  });

  it(`holds at most ${API_TOKEN_LIMITS.perUser} live tokens per user`, async () => {
    const owner = await userWith({ pairs: 'Full' });
    for (let i = 0; i < API_TOKEN_LIMITS.perUser; i++) await tokenOf(owner);
    const over = await ctx.http().post(T).set(...auth(owner.session)).send({ name: 'one more', expires_at: inDays(1) }).expect(400);
    expect(over.body).toEqual({ name: [API_TOKEN_MESSAGES.tooMany] });
    const { body } = await ctx.http().get(T).set(...auth(owner.session)).expect(200);
    await ctx.http().delete(`${T}${body.results[0].id}/`).set(...auth(owner.session)).expect(204);
    await tokenOf(owner);
  });

  it('reads and writes at the lower of its own level and the group\'s, and a group lowered later lowers the token at the next request', async () => {
    const owner = await userWith({ pairs: 'Full', tickers_configs: 'Full' });
    const full = await tokenOf(owner, { perms: [{ section_name: 'pairs', status: 'Full' }, { section_name: 'tickers_configs', status: 'ReadOnly' }] });
    await ctx.http().get(PAIRS).set(...auth(full.token)).expect(200);
    await ctx.http().post(PAIRS).set(...auth(full.token)).expect(201);
    await ctx.http().get('/api/v2/strategies/tickers-configs/').set(...auth(full.token)).expect(200);
    await ctx.http().post('/api/v2/strategies/tickers-configs/').set(...auth(full.token)).send({}).expect(403);
    await ctx.http().get('/api/v2/orders/orders/').set(...auth(full.token)).expect(403);

    await setGroup(owner, { pairs: 'ReadOnly', tickers_configs: 'Full' });
    await ctx.http().get(PAIRS).set(...auth(full.token)).expect(200);
    await ctx.http().post(PAIRS).set(...auth(full.token)).expect(403);
    await setGroup(owner, { tickers_configs: 'Full' });
    await ctx.http().get(PAIRS).set(...auth(full.token)).expect(403);
    // Raised again, the token is back at its own level, never above it.
    await setGroup(owner, { pairs: 'Full', tickers_configs: 'Full' });
    await ctx.http().post(PAIRS).set(...auth(full.token)).expect(201);
    await ctx.http().post('/api/v2/strategies/tickers-configs/').set(...auth(full.token)).send({}).expect(403);
  });

  it('a read-only token on a section where the group is Limited sees the group\'s columns and writes nothing', async () => {
    const owner = await userWith({ orders: 'Limited' });
    await ctx.db.query(`UPDATE groups SET perms = jsonb_set(perms, '{${SECTIONS.indexOf('orders')},fields}', '["pair", "action"]') WHERE id = $1`, [owner.groupId]);
    const readOnly = await tokenOf(owner, { perms: [{ section_name: 'orders', status: 'ReadOnly' }] });
    const writing = await tokenOf(owner, { perms: [{ section_name: 'orders', status: 'Limited' }] });
    await ctx.http().get('/api/v2/orders/orders/').set(...auth(readOnly.token)).expect(200);
    // The cancel action (its gate is among the group's fields): refused to the read-only token only.
    const refused = await ctx.http().post('/api/v2/orders/order/999999/cancel/').set(...auth(readOnly.token)).expect(403);
    expect(refused.body.detail).toContain('Cancel order');
    await ctx.http().post('/api/v2/orders/order/999999/cancel/').set(...auth(writing.token)).expect(404);
  });

  it('a revoked token gets 401 at its next request; a token cannot revoke itself; another user cannot revoke it', async () => {
    const owner = await userWith({ pairs: 'Full' });
    const other = await userWith({ pairs: 'Full' });
    const { id, token } = await tokenOf(owner);
    await ctx.http().get(PAIRS).set(...auth(token)).expect(200);
    expect((await ctx.http().delete(`${T}${id}/`).set(...auth(token)).expect(403)).body).toEqual({ detail: API_TOKEN_MESSAGES.areaForbidden });
    await ctx.http().delete(`${T}${id}/`).set(...auth(other.session)).expect(404);
    await ctx.http().get(PAIRS).set(...auth(token)).expect(200);
    await ctx.http().delete(`${T}${id}/`).set(...auth(owner.session)).expect(204);
    const after = await ctx.http().get(PAIRS).set(...auth(token)).expect(401);
    expect(after.body.code).toBe(ERROR_CODES.tokenNotValid);
    await ctx.http().delete(`${T}${id}/`).set(...auth(owner.session)).expect(404);
    expect((await ctx.http().get(T).set(...auth(owner.session))).body.results).toEqual([]);
    const [log] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'api_token_revoked' AND user_id = $1`, [owner.id]);
    expect(log.log_data).toMatchObject({ name: 'script' });
  });

  it('a deactivated user\'s token, an expired token and an unknown one get 401', async () => {
    const owner = await userWith({ pairs: 'Full' });
    const { id, token } = await tokenOf(owner);
    const second = await tokenOf(owner);
    await ctx.http().get(PAIRS).set(...auth(token)).expect(200);
    await ctx.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    await ctx.http().get(PAIRS).set(...auth(token)).expect(401);
    await ctx.http().get(PAIRS).set(...auth(second.token)).expect(200);
    await ctx.db.query(`UPDATE users SET is_active = false WHERE id = $1`, [owner.id]);
    await ctx.http().get(PAIRS).set(...auth(second.token)).expect(401);
    await ctx.http().get(PAIRS).set(...auth(`${API_TOKEN_PREFIX}${'A'.repeat(43)}`)).expect(401);
  });

  it('refuses the forbidden areas with 403, whatever the token and its group hold', async () => {
    const owner = await userWith({ users: 'Full', groups: 'Full', pairs: 'Full' });
    const { id, token } = await tokenOf(owner);
    // Even a row that says Full there (written past the API) opens nothing.
    await ctx.db.query(`UPDATE api_tokens SET perms = $2::jsonb WHERE id = $1`, [id, JSON.stringify(permsAll('Full').map(({ section_name, status }) => ({ section_name, status })))]);
    const calls: [string, 'get' | 'post' | 'put' | 'delete', string, object?][] = [
      ['users', 'get', '/api/v2/users/users/'],
      ['users', 'delete', `/api/v2/users/users/${owner.id}/`],
      ['groups', 'get', '/api/v2/users/groups/'],
      ['groups', 'post', '/api/v2/users/groups/', { name: 'g', perms: [] }],
      ['tokens', 'get', T],
      ['tokens', 'post', T, { name: 'child', expires_at: inDays(1) }],
      ['sessions', 'get', '/api/v2/users/sessions/'],
      ['sessions', 'post', '/api/v2/users/sessions/end-others/'],
      ['sessions', 'get', '/api/v2/users/sign-in-history/'],
      ['sessions', 'post', '/api/v2/live/tickets/'],
      ['passwords', 'put', `/api/v2/users/users/${owner.id}/`, { email: owner.email, old_password: owner.password, new_password: 'N3w!password' }],
      ['passwords', 'post', '/api/v2/users/totp/create/'],
    ];
    for (const [area, method, path, body] of calls) {
      const req = ctx.http()[method](path).set(...auth(token));
      const res = await (body ? req.send(body) : req);
      expect({ area, path, status: res.status, body: res.body }).toEqual({ area, path, status: 403, body: { detail: API_TOKEN_MESSAGES.areaForbidden } });
    }
    await ctx.http().post(PAIRS).set(...auth(token)).expect(201);
    await ctx.http().get('/api/v2/users/current-user/').set(...auth(token)).expect(200);
    const [{ n }] = await ctx.db.query(`SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1`, [owner.id]);
    expect(n).toBe(1);
  });

  it('writes last used at the first request, then at most once a minute', async () => {
    const owner = await userWith({ pairs: 'Full' });
    const { id, token } = await tokenOf(owner);
    const lastUsed = async () => ((await ctx.db.query(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [id]))[0].last_used_at as Date | null)?.getTime() ?? null;
    expect(await lastUsed()).toBeNull();
    await ctx.http().get(PAIRS).set(...auth(token)).expect(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await ctx.http().get(PAIRS).set(...auth(token)).expect(200);
    expect(await lastUsed()).toBe(first);
    // Two requests that both read it stale: the second write finds it fresh and leaves it.
    await ctx.app.get(ApiTokensRepository).touch(ctx.db, id);
    expect(await lastUsed()).toBe(first);
    await ctx.db.query(`UPDATE api_tokens SET last_used_at = last_used_at - make_interval(secs => $2) WHERE id = $1`, [id, API_TOKEN_LIMITS.lastUsedEverySeconds + 1]);
    const moved = await lastUsed();
    await ctx.http().get(PAIRS).set(...auth(token)).expect(200);
    expect(await lastUsed()).toBeGreaterThan(moved!);
    const { body } = await ctx.http().get(T).set(...auth(owner.session)).expect(200);
    expect(new Date(body.results[0].last_used_at).getTime()).toBe(await lastUsed());
  });

  it('audits each write through a token with the token\'s name', async () => {
    const owner = await userWith({ pairs: 'Full' });
    const { id, token } = await tokenOf(owner, { name: 'nightly sync', perms: [{ section_name: 'pairs', status: 'Full' }] });
    await ctx.http().post(PAIRS).set(...auth(token)).expect(201);
    const rows: { user_id: number; log_data: Record<string, unknown> }[] = await ctx.db.query(`SELECT user_id, log_data FROM logs WHERE event_type = 'pairs_synced' AND user_id = $1`, [owner.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].log_data.credential).toEqual({ kind: 'api_token', id, name: 'nightly sync' });
    // The same write from the session names no token.
    await ctx.http().post(PAIRS).set(...auth(owner.session)).expect(201);
    const [bySession] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'pairs_synced' AND user_id = $1 ORDER BY id DESC LIMIT 1`, [owner.id]);
    expect(bySession.log_data.credential).toBeUndefined();
  });

  it(`answers 429 past ${API_TOKEN_LIMITS.requests.max} requests of one token in its window, and counts each token apart`, async () => {
    const owner = await userWith({ pairs: 'Full' });
    const busy = await tokenOf(owner);
    const calm = await tokenOf(owner);
    for (let i = 0; i < API_TOKEN_LIMITS.requests.max; i++) await ctx.http().get('/api/v2/users/current-user/').set(...auth(busy.token)).expect(200);
    const refused = await ctx.http().get(PAIRS).set(...auth(busy.token)).expect(429);
    expect(refused.body).toEqual({ detail: API_TOKEN_MESSAGES.tooManyRequests, code: ERROR_CODES.throttled });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.http().get(PAIRS).set(...auth(calm.token)).expect(200);
    await ctx.http().get(PAIRS).set(...auth(owner.session)).expect(200);
  });

  it(`the worker's hourly purge drops tokens revoked or expired over ${API_TOKEN_LIMITS.keepSpentDays} days ago, and keeps the rest`, async () => {
    const owner = await userWith({ pairs: 'Full' });
    const ago = (days: number) => `now() - interval '${days} days'`;
    const named = async (name: string, revokedAt: string, expiresAt: string) =>
      ctx.db.query(
        `INSERT INTO api_tokens (user_id, name, prefix, token_hash, perms, created_at, revoked_at, expires_at)
         VALUES ($1, $2, 'tc_purge', md5(random()::text), '[]'::jsonb, now() - interval '400 days', ${revokedAt}, ${expiresAt})`,
        [owner.id, name],
      );
    const keep = API_TOKEN_LIMITS.keepSpentDays;
    await named('expired long ago', 'NULL', ago(keep + 1));
    await named('revoked long ago', ago(keep + 1), `now() + interval '1 day'`);
    await named('expired lately', 'NULL', ago(keep - 1));
    await named('revoked lately', ago(keep - 1), `now() + interval '1 day'`);
    await named('live', 'NULL', `now() + interval '1 day'`);
    const worker = await startWorker(ctx);
    try {
      // The worker's own scheduled run may come first; either way the rows left are what counts.
      await worker.get(MaintenanceProcessor).purgeExpiredAuth();
    } finally {
      await worker.close();
    }
    const left = await ctx.db.query(`SELECT name FROM api_tokens WHERE user_id = $1 ORDER BY name`, [owner.id]);
    expect(left.map((r: { name: string }) => r.name)).toEqual(['expired lately', 'live', 'revoked lately']);
  });
});
