import { randomUUID } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, permsAll } from '@console/contracts';
import { createTestApp, TestContext } from '../test/harness';
import { auth, makeUser } from '../test/factories';

/** Tokens signed with the right key whose claims are not what the API issues: 401, never 500. */
describe('access tokens with malformed claims', () => {
  let ctx: TestContext;
  let userId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    userId = (await makeUser(ctx.db, { perms: permsAll('Full') })).id;
  });
  afterAll(() => ctx.close());

  const sign = (claims: object) => jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS256', expiresIn: 60 });

  it.each([
    ['sub not a number', { sub: 'abc' }],
    ['sub past 2^31-1', { sub: '99999999999' }],
    ['sub a number, not a string', { sub: 1 }],
    ['sub with a sign', { sub: '-1' }],
    ['fam not a uuid', { fam: 'nope' }],
    ['fam not a string', { fam: 7 }],
    ['no typ', { typ: undefined }],
    ['a refresh typ', { typ: 'refresh' }],
  ])('%s', async (_name, override) => {
    const token = sign({ sub: String(userId), fam: randomUUID(), sf: true, typ: 'access', ...override });
    const res = await ctx.http().get('/api/v2/users/current-user/').set(...auth(token)).expect(401);
    expect(res.body).toMatchObject({ code: ERROR_CODES.tokenNotValid, detail: expect.any(String) });
  });

  it('a payload that is a bare string', async () => {
    const token = jwt.sign('just-a-string', ctx.config.jwtSecret, { algorithm: 'HS256' });
    const res = await ctx.http().get('/api/v2/users/current-user/').set(...auth(token)).expect(401);
    expect(res.body.code).toBe(ERROR_CODES.tokenNotValid);
  });
});

/** The key is made once from JWT_SECRET: a token signed with that secret opens, any other signature does not. */
describe('access token signatures', () => {
  let ctx: TestContext;
  let claims: object;
  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, { perms: permsAll('Full') });
    const [{ id: fam }] = await ctx.db.query(`INSERT INTO token_families (id, user_id, second_factor_passed) VALUES ($1, $2, true) RETURNING id`, [
      randomUUID(),
      user.id,
    ]);
    claims = { sub: String(user.id), fam, sf: true, typ: 'access' };
  });
  afterAll(() => ctx.close());

  it('opens with a token signed by the secret', async () => {
    const token = jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS256', expiresIn: 60 });
    await ctx.http().get('/api/v2/users/current-user/').set(...auth(token)).expect(200);
  });

  it.each([
    ['another secret', () => jwt.sign(claims, `${ctx.config.jwtSecret}x`, { algorithm: 'HS256', expiresIn: 60 })],
    ['HS512 with the secret', () => jwt.sign(claims, ctx.config.jwtSecret, { algorithm: 'HS512', expiresIn: 60 })],
    ['no signature (alg none)', () => jwt.sign(claims, null, { algorithm: 'none', expiresIn: 60 })],
    ['expired', () => jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, ctx.config.jwtSecret, { algorithm: 'HS256' })],
  ])('refuses %s', async (_name, token) => {
    const res = await ctx.http().get('/api/v2/users/current-user/').set(...auth(token())).expect(401);
    expect(res.body.code).toBe(ERROR_CODES.tokenNotValid);
  });
});
