import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES, permsAll } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { createTestApp, TestContext } from '../test/harness';
import { startWorker } from '../test/worker';

const S = '/api/v2/system-status/';

describe('bot on and off', () => {
  let ctx: TestContext;
  let worker: INestApplicationContext;
  let operator: string;
  let outsider: string;
  beforeAll(async () => {
    ctx = await createTestApp({ ENGINE_SIMULATED_DELAY_MS: '100', ENGINE_SWEEP_MS: '200', ENGINE_REQUEUE_AFTER_MS: '300' });
    worker = await startWorker(ctx);
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'bot_status', status: 'Full' }] })).id)).access;
    outsider = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('NP') })).id)).access;
  });
  afterAll(async () => {
    await worker?.close();
    await ctx?.close();
  });

  const read = async () => (await ctx.http().get(S).set(...auth(operator)).expect(200)).body;
  const commands = async () => (await ctx.db.query(`SELECT kind FROM engine_commands WHERE target_type = 'system' ORDER BY id`)).map((c: { kind: string }) => c.kind);

  it('starts disabled; switching on is one engine command even when asked twice at once, CHANGING until the engine confirms', async () => {
    expect(await read()).toEqual({ status: 'disabled', action_state: 'NONE', command_id: null });
    const answers = await Promise.all([1, 2].map(() => ctx.http().post(S).set(...auth(operator)).send({ status: 'enabled' }).expect(202)));
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
});
