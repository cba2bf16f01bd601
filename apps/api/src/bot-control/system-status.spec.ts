import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES, MESSAGES, OWN_MESSAGES, permsAll } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';

const S = '/api/v2/system-status/';

describe('bot on and off', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let operator: string;
  let outsider: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'bot_status', status: 'Full' }] })).id)).access;
    outsider = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('NP') })).id)).access;
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const read = async () => (await ctx.http().get(S).set(...auth(operator)).expect(200)).body;
  const commands = async () => (await ctx.db.query(`SELECT kind FROM engine_commands WHERE target_type = 'system' ORDER BY id`)).map((c: { kind: string }) => c.kind);

  it('starts disabled; switching on is one engine command even when asked twice at once, CHANGING until the engine confirms', async () => {
    expect(await read()).toEqual({ status: 'disabled', action_state: 'NONE', command_id: null });
    const answers = await engine.held(() => Promise.all([1, 2].map(() => ctx.http().post(S).set(...auth(operator)).send({ status: 'enabled' }).expect(202))));
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 'disabled', action_state: 'CHANGING' });
    expect(await commands()).toEqual(['enable_bot']);
    await waitUntil(async () => (await read()).status === 'enabled', 10_000);
    expect(await read()).toMatchObject({ status: 'enabled', action_state: 'CHANGED', command_id: answers[0].body.command_id });
  });

  it('asking for the state the bot is in changes nothing; switching off is the next command', async () => {
    const same = await ctx.http().post(S).set(...auth(operator)).send({ status: 'enabled' }).expect(202);
    expect(same.body).toMatchObject({ status: 'enabled' });
    expect(await commands()).toEqual(['enable_bot']);
    await ctx.http().post(S).set(...auth(operator)).send({ status: 'disabled' }).expect(202);
    await waitUntil(async () => (await read()).status === 'disabled', 10_000);
    expect(await commands()).toEqual(['enable_bot', 'disable_bot']);
  });

  it('refuses a missing or unknown status, and anyone without the bot section', async () => {
    expect((await ctx.http().post(S).set(...auth(operator)).send({}).expect(400)).body).toEqual({ status: [MESSAGES.fieldRequired] });
    expect((await ctx.http().post(S).set(...auth(operator)).send({ status: 'on' }).expect(400)).body).toEqual({ status: [OWN_MESSAGES.botStatusInvalid] });
    await ctx.http().get(S).set(...auth(outsider)).expect(403);
    await ctx.http().post(S).set(...auth(outsider)).send({ status: 'enabled' }).expect(403);
  });

  it('on and off asked at the same time: while the bot is CHANGING the opposite request is refused with 409, in either order', async () => {
    const ask = (status: string) => ctx.http().post(S).set(...auth(operator)).send({ status });
    const running = { detail: ENGINE_MESSAGES.actionRunning };
    const settle = async (status: string) => {
      await waitUntil(async () => (await read()).status === status && (await read()).action_state !== 'CHANGING', 10_000);
    };
    await ctx.db.query(`UPDATE bot_status SET status = 'disabled', action_state = 'NONE'`);
    const before = (await commands()).length;

    // On, then off while on is pending.
    await engine.held(async () => {
      expect((await ask('enabled').expect(202)).body).toMatchObject({ status: 'disabled', action_state: 'CHANGING' });
      expect((await ask('disabled').expect(409)).body).toEqual(running);
      expect((await ask('enabled').expect(202)).body).toMatchObject({ action_state: 'CHANGING' });
    });
    await settle('enabled');
    expect((await commands()).slice(before)).toEqual(['enable_bot']);

    // Off, then on while off is pending.
    await engine.held(async () => {
      expect((await ask('disabled').expect(202)).body).toMatchObject({ status: 'enabled', action_state: 'CHANGING' });
      expect((await ask('enabled').expect(409)).body).toEqual(running);
    });
    await settle('disabled');
    expect((await commands()).slice(before)).toEqual(['enable_bot', 'disable_bot']);

    // Both at once: they take turns on the row, so at most one command is written and never both kinds.
    await engine.held(async () => {
      // Whichever comes first, "on" is written once and "off" finds it pending (409) or the bot still off (nothing to do).
      const [on, off] = await Promise.all([ask('enabled'), ask('disabled')]);
      expect(on.status).toBe(202);
      expect(off.status === 409 ? off.body : off.status).toEqual(off.status === 409 ? running : 202);
      expect((await commands()).slice(before + 2)).toEqual(['enable_bot']);
    });
    await settle('enabled');
  });
});
