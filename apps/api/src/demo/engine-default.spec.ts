import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';
import { createTestApp, TestContext } from '../test/harness';
import { defaultEngine } from './engine-default';

describe('the engine a start runs when ENGINE is not set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is the paper engine on a database without trading rows, the stand-in for rows the engine never saw, and the paper engine again once it has run there', async () => {
    expect(await defaultEngine(ctx.db)).toBe('paper');

    await makeSignal(ctx.db, await makeSignalWorld(ctx.db), { status: 'active', state: 'active_np', ageMinutes: 5 });
    expect(await defaultEngine(ctx.db)).toBe('simulated');

    await ctx.db.query(`UPDATE engine_state SET last_minute = date_trunc('minute', now())`);
    expect(await defaultEngine(ctx.db)).toBe('paper');
  });
});
