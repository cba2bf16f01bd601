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
