import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_HEARTBEAT_STALE_SECONDS } from '@console/contracts';
import { heartbeatKey } from '../queues/queues';
import { beatEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const beat = () => ctx.redis.zadd(heartbeatKey(ctx.config.redisPrefix), Date.now(), 'test-worker');

  it('answers 200 with every probe up, the engine among them', async () => {
    await beat();
    await beatEngine(ctx);
    const res = await ctx.http().get('/api/v2/health/').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up', engine: 'up' });
  });

  it('answers 503 naming the database when PostgreSQL does not answer', async () => {
    await beat();
    await ctx.db.destroy();
    const res = await ctx.http().get('/api/v2/health/').expect(503);
    // The engine's heartbeat lives in the database: with it gone, the engine cannot be seen either.
    expect(res.body).toEqual({ status: 'down', database: 'down', redis: 'up', worker: 'up', engine: 'down' });
  });
});

describe("health and the engine's heartbeat", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const beat = () => ctx.redis.zadd(heartbeatKey(ctx.config.redisPrefix), Date.now(), 'test-worker');
  const engineBeatSecondsAgo = (seconds: number) =>
    ctx.db.query(`UPDATE engine_state SET heartbeat_at = now() - make_interval(secs => $1) WHERE singleton`, [seconds]);

  it('answers 200 with the engine up while its heartbeat is fresh', async () => {
    await beat();
    await engineBeatSecondsAgo(0);
    const res = await ctx.http().get('/api/v2/health/').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up', engine: 'up' });
  });

  it('answers 503 naming the engine when its heartbeat is stale or it never beat', async () => {
    await beat();
    await engineBeatSecondsAgo(ENGINE_HEARTBEAT_STALE_SECONDS + 5);
    const stale = await ctx.http().get('/api/v2/health/').expect(503);
    expect(stale.body).toEqual({ status: 'down', database: 'up', redis: 'up', worker: 'up', engine: 'down' });
    await ctx.db.query(`UPDATE engine_state SET heartbeat_at = NULL WHERE singleton`);
    const never = await ctx.http().get('/api/v2/health/').expect(503);
    expect(never.body).toMatchObject({ status: 'down', engine: 'down' });
  });
});
