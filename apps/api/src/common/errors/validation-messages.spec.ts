/** Validation answers name the real problem, in the spec's words where it has them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { auth, fullAccessToken } from '../../test/factories';
import { createTestApp, TestContext } from '../../test/harness';

describe('validation messages', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = await fullAccessToken(ctx);
  });
  afterAll(() => ctx.close());

  it('a missing email is blank, not too long', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').send({ password: 'x' }).expect(400);
    expect(res.body).toEqual({ email: [MESSAGES.emailBlank] });
    const both = await ctx.http().post('/api/v2/users/login/').send({}).expect(400);
    expect(both.body).toEqual({ email: [MESSAGES.emailBlank], password: [MESSAGES.passwordBlank] });
  });

  it('a filter that is not a number says so, and one out of range says that', async () => {
    const get = (query: string) => ctx.http().get(`/api/v2/logs/?${query}`).set(...auth(token)).expect(400);
    for (const value of ['abc', '1.5', '', '0x10']) expect((await get(`signal_id=${value}`)).body).toEqual({ signal_id: [OWN_MESSAGES.wholeNumberExpected] });
    // signal_id is a bigint id (up to 2^53-1), pair an integer one (up to 2^31-1).
    for (const value of ['0', '-1', '9007199254740992']) expect((await get(`signal_id=${value}`)).body).toEqual({ signal_id: [OWN_MESSAGES.idInvalid] });
    expect((await get('pair=2147483648')).body).toEqual({ pair: [OWN_MESSAGES.idInvalid] });
    expect((await get('page=abc')).body).toEqual({ page: [OWN_MESSAGES.wholeNumberExpected] });
    expect((await get('page=0')).body).toEqual({ page: [OWN_MESSAGES.pageInvalid] });
    expect((await get('page_size=')).body).toEqual({ page_size: [OWN_MESSAGES.wholeNumberExpected] });
    expect((await get('page_size=0')).body.page_size[0]).toMatch(/less than 1/);
  });

  it('a missing required field says it is required, whatever its other rules', async () => {
    const post = (path: string, body: object) => ctx.http().post(`/api/v2${path}`).set(...auth(token)).send(body).expect(400);
    expect((await post('/users/groups/', { name: 'g' })).body).toEqual({ perms: [MESSAGES.fieldRequired] });
    expect((await post('/users/google-captcha-verify/', {})).body).toEqual({ response: [MESSAGES.fieldRequired] });
    expect((await post('/notifications/investor-reports-scheduler/', {})).body).toEqual({ schedule_type: [MESSAGES.fieldRequired] });
    const account = { title: 'A', api_key: 'k', api_secret: 's' };
    expect((await post('/strategies/exchange-accounts/', account)).body).toEqual({ leverage: [MESSAGES.fieldRequired] });
    // A field's own words for "required" where it has them.
    expect((await post('/users/users/', { email: 'new@example.com', password: 'Str0ng!pass' })).body).toEqual({ group: [OWN_MESSAGES.groupRequired] });
    expect((await post('/users/groups/', { perms: [] })).body).toEqual({ name: [MESSAGES.groupNameRequired] });
  });

  it('a value of the wrong type names the type, not blank or too long', async () => {
    const send = (method: 'post' | 'put', path: string, body: object) => ctx.http()[method](`/api/v2${path}`).set(...auth(token)).send(body).expect(400);
    expect((await send('post', '/users/login/', { email: 42, password: 'x' })).body).toEqual({ email: [OWN_MESSAGES.textExpected] });
    expect((await send('post', '/notifications/tg-bot-settings/', { token: 42, chat_id: { a: 1 } })).body).toEqual({
      token: [OWN_MESSAGES.textExpected],
      chat_id: [OWN_MESSAGES.textExpected],
    });
    const account = { title: 'A', api_key: 'k', api_secret: 's', leverage: 'ten', broker_id: 7, broker_program_is_active: 'yes' };
    expect((await send('post', '/strategies/exchange-accounts/', account)).body).toEqual({
      leverage: [OWN_MESSAGES.numberExpected],
      broker_id: [OWN_MESSAGES.textExpected],
      broker_program_is_active: [OWN_MESSAGES.booleanExpected],
    });
    expect((await send('post', '/users/groups/', { name: 5, perms: { section_name: 'logs' } })).body).toEqual({
      name: [OWN_MESSAGES.textExpected],
      perms: [OWN_MESSAGES.listExpected],
    });
    expect((await send('put', '/strategies/pairs/1/', { is_active: 'yes' })).body).toEqual({ is_active: [OWN_MESSAGES.booleanExpected] });
    expect((await send('post', '/users/users/', { email: 'new@example.com', password: 'Str0ng!pass', group: 'admins' })).body).toEqual({
      group: [OWN_MESSAGES.wholeNumberExpected],
    });
  });

  it('a malformed JSON body gets one message, not the parser text', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').set('Content-Type', 'application/json').send('{"email": "a@b.co",').expect(400);
    expect(res.body).toEqual({ detail: OWN_MESSAGES.malformedJson });
  });
});
