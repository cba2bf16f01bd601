/**
 * Inputs that once answered 500 (a fuzz of every operation found them), one request per cause. Each
 * must now get a 4xx with the DRF-style body; the fuzz in openapi-fuzz.spec.ts covers the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS, OWN_MESSAGES, permsAll } from '@console/contracts';
import { createTestApp, TestContext } from '../../test/harness';
import { auth, makeUser, sessionFor, STRONG_PASSWORD } from '../../test/factories';

const API = '/api/v2';

describe('hostile input', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    admin = (await sessionFor(ctx, user.id)).access;
  });
  afterAll(() => ctx.close());

  const get = (path: string) => ctx.http().get(`${API}${path}`).set(...auth(admin));
  const post = (path: string, body: object) => ctx.http().post(`${API}${path}`).set(...auth(admin)).send(body);

  describe('ids above 2^31-1', () => {
    it('in a path', async () => {
      const res = await get('/users/groups/2147483648/').expect(400);
      expect(res.body).toEqual({ id: [OWN_MESSAGES.idInvalid] });
      for (const id of ['0', '-1', '1.5', '1e3', '0x10', 'abc', '99999999999999999999']) {
        expect((await get(`/users/groups/${id}/`).expect(400)).body).toEqual({ id: [OWN_MESSAGES.idInvalid] });
      }
      await get(`/users/groups/${INPUT_LIMITS.idMax}/`).expect(404);
    });

    it('in a filter', async () => {
      const res = await get('/logs/?pair=2147483648').expect(400);
      expect(res.body).toEqual({ pair: [OWN_MESSAGES.idInvalid] });
      expect((await get('/logs/for_filters/?field=pair&id=1e300').expect(400)).body).toEqual({ id: [OWN_MESSAGES.idInvalid] });
      await get(`/logs/?pair=${INPUT_LIMITS.idMax}`).expect(200);
    });

    it('in a body', async () => {
      const res = await post('/users/users/', { email: 'new@example.com', password: STRONG_PASSWORD, group: 2147483648 }).expect(400);
      expect(res.body).toEqual({ group: [OWN_MESSAGES.groupRequired] });
    });
  });

  describe('pages past any list', () => {
    it('refuses 1e300 and 99999999999999999', async () => {
      expect((await get('/users/users/?page=1e300').expect(400)).body).toEqual({ page: [OWN_MESSAGES.pageInvalid] });
      expect((await get('/logs/?page=99999999999999999').expect(400)).body).toEqual({ page: [OWN_MESSAGES.pageInvalid] });
      expect((await get(`/logs/?page=${INPUT_LIMITS.pageMax + 1}`).expect(400)).body).toEqual({ page: [OWN_MESSAGES.pageInvalid] });
    });

    it('answers the last allowed page as an empty page', async () => {
      const res = await get(`/users/users/?page=${INPUT_LIMITS.pageMax}`).expect(200);
      expect(res.body.results).toEqual([]);
    });
  });

  describe('NUL and unpaired surrogates', () => {
    it('are refused in a body, by field', async () => {
      const res = await post('/users/groups/', { name: 'a\u0000b', perms: [] }).expect(400);
      expect(res.body).toEqual({ name: [OWN_MESSAGES.textInvalid] });
      const lone = await post('/notifications/tg-bot-settings/', { token: 'x', chat_id: '\ud800' }).expect(400);
      expect(lone.body).toEqual({ chat_id: [OWN_MESSAGES.textInvalid] });
    });

    it('are refused in nested values and in keys', async () => {
      const nested = await post('/users/groups/', { name: 'g', perms: [{ section_name: 'logs', status: 'Limited', fields: ['ok', 'b\u0000'] }] }).expect(400);
      expect(nested.body).toEqual({ 'perms.0.fields.1': [OWN_MESSAGES.textInvalid] });
      const key = await post('/users/groups/', { name: 'g', perms: [], 'x\u0000': 1 }).expect(400);
      expect(key.body).toEqual({ 'x\u0000': [OWN_MESSAGES.textInvalid] });
    });

    it('are refused in a query string and a path', async () => {
      expect((await get('/strategies/pairs/for-filters/?search=%00').expect(400)).body).toEqual({ search: [OWN_MESSAGES.textInvalid] });
      expect((await get('/users/groups/1%00/').expect(400)).body).toEqual({ id: [OWN_MESSAGES.textInvalid] });
    });

    it('leave other text alone', async () => {
      const res = await post('/users/groups/', { name: 'Ops 日本 😀', perms: [] }).expect(201);
      expect(res.body.name).toBe('Ops 日本 😀');
    });
  });

  describe('null and wrong shapes', () => {
    it('refuse null for an optional field that is not nullable', async () => {
      const res = await post('/notifications/tg-bot-settings/', { token: 'x', chat_id: '1', investor_report_time: null }).expect(400);
      expect(Object.keys(res.body)).toEqual(['investor_report_time']);
    });

    it('refuse numbers that print in exponent form where decimals are counted', async () => {
      const res = await post('/strategies/exchange-accounts/', { title: 'T', api_key: 'k', api_secret: 's', leverage: 1e-300 }).expect(400);
      expect(Object.keys(res.body)).toEqual(['leverage']);
    });

    it('refuse perms items that are not objects', async () => {
      for (const item of [[], 1, null, 'Full']) {
        const res = await post('/users/groups/', { name: 'g', perms: [item] }).expect(400);
        expect(Object.keys(res.body)).toEqual(['perms']);
      }
    });
  });

  describe('requests that race', () => {
    it('answer a lost race on a unique name with 409, never 500', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, () => post('/users/groups/', { name: 'Same name', perms: [] })));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const res of answers.filter((r) => r.status !== 201)) {
        expect([400, 409]).toContain(res.status);
        if (res.status === 409) expect(res.body).toEqual({ detail: OWN_MESSAGES.conflict });
      }
    });
  });

  describe('deeply nested JSON', () => {
    it('is refused before validation, without a sign-in, with 400', async () => {
      for (const body of ['['.repeat(5000) + ']'.repeat(5000), '{"a":'.repeat(130_000) + '1' + '}'.repeat(130_000)]) {
        const res = await ctx.http().post(`${API}/users/login/`).set('content-type', 'application/json').send(body).expect(400);
        expect(res.body).toEqual({ detail: OWN_MESSAGES.bodyTooDeep });
      }
    });

    it('is taken up to the limit, brackets inside strings not counted', async () => {
      const deep = '['.repeat(INPUT_LIMITS.jsonDepthMax) + ']'.repeat(INPUT_LIMITS.jsonDepthMax);
      const res = await ctx.http().post(`${API}/users/login/`).set('content-type', 'application/json').send(`{"email":"a@b.co","password":"x","extra":${deep.slice(1, -1)}}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ extra: [OWN_MESSAGES.unknownField] });
      const quoted = JSON.stringify({ email: '"\\' + '[[[['.repeat(20), password: '{'.repeat(100) });
      const text = await ctx.http().post(`${API}/users/login/`).set('content-type', 'application/json').send(quoted);
      expect(text.body).not.toEqual({ detail: OWN_MESSAGES.bodyTooDeep });
    });
  });
});
