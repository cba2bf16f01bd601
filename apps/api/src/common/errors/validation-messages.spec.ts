/** Validation answers name the real problem, in the spec's words where it has them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES, permsAll } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../../test/factories';
import { createTestApp, TestContext } from '../../test/harness';

describe('validation messages', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
  });
  afterAll(() => ctx.close());

  it('a missing email is blank, not too long', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').send({ password: 'x' }).expect(400);
    expect(res.body).toEqual({ email: [MESSAGES.emailBlank] });
    const both = await ctx.http().post('/api/v2/users/login/').send({}).expect(400);
    expect(both.body).toEqual({ email: [MESSAGES.emailBlank], password: [MESSAGES.passwordBlank] });
  });

  it('a filter that is not a number is not called out of range', async () => {
    const res = await ctx.http().get('/api/v2/logs/?signal_id=abc').set(...auth(token)).expect(400);
    expect(res.body.signal_id).toHaveLength(1);
    expect(res.body.signal_id[0]).not.toMatch(/less than|greater than/);
  });

  it('a malformed JSON body gets one message, not the parser text', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').set('Content-Type', 'application/json').send('{"email": "a@b.co",').expect(400);
    expect(res.body).toEqual({ detail: OWN_MESSAGES.malformedJson });
  });
});
