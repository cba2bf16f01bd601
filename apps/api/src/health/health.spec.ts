import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeatKey } from '../queues/queues';
import { createTestApp, TestContext } from '../test/harness';

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const beat = () => ctx.redis.zadd(heartbeatKey(ctx.config.redisPrefix), Date.now(), 'test-worker');

  it('answers 200 with every probe up', async () => {
    await beat();
    const res = await ctx.http().get('/api/v2/health/').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up', worker: 'up' });
  });

  it('answers 503 naming the database when PostgreSQL does not answer', async () => {
    await beat();
    await ctx.db.destroy();
    const res = await ctx.http().get('/api/v2/health/').expect(503);
    expect(res.body).toEqual({ status: 'down', database: 'down', redis: 'up', worker: 'up' });
  });
});
