import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, OWN_MESSAGES } from '@console/contracts';
import { beatEngine } from '../../test/engine';
import { createTestApp, TestContext } from '../../test/harness';
import { HEARTBEAT_STALE_MS, heartbeatKey } from '../../queues/queues';

describe('the HTTP app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.http().get('/api/v2/no-such-thing/').expect(404);
    expect(res.body).toEqual({ detail: OWN_MESSAGES.notFound });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').set('content-type', 'application/json').send('{"email": ').expect(400);
    expect(typeof res.body.detail).toBe('string');
  });

  it('answers an unknown field and a wrong type with field messages', async () => {
    const unknown = await ctx.http().post('/api/v2/users/login/').send({ email: 'a@b.co', password: 'x', extra: 1 }).expect(400);
    expect(unknown.body).toEqual({ extra: [OWN_MESSAGES.unknownField] });
    const wrongType = await ctx.http().post('/api/v2/users/login/').send({ email: 5, password: 'x' }).expect(400);
    expect(Object.keys(wrongType.body)).toEqual(['email']);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').send({ email: 'a'.repeat(1_100_000), password: 'x' }).expect(413);
    expect(res.body).toEqual({ detail: OWN_MESSAGES.bodyTooLarge });
  });

  it('uses the spec messages for blank credentials', async () => {
    const res = await ctx.http().post('/api/v2/users/login/').send({ email: '', password: '' }).expect(400);
    expect(res.body).toEqual({ email: [MESSAGES.emailBlank], password: [MESSAGES.passwordBlank] });
  });

  it('gives every request an id', async () => {
    const res = await ctx.http().get('/api/v2/no-such-thing/').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await ctx.http().get('/api/v2/no-such-thing/');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes a valid OpenAPI 3 document with the users calls', async () => {
    const res = await ctx.http().get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = Object.keys(res.body.paths);
    for (const p of ['login', 'totp/create', 'totp/login/{code}', 'token-refresh', 'logout', 'current-user', 'google-captcha-verify']) {
      expect(paths).toContain(`/api/v2/users/${p}`);
    }
    expect(res.body.paths['/api/v2/users/login'].post.requestBody).toBeDefined();
  });

  it('describes every list page as {count, next, previous, results} of its own items, under the list\'s name', async () => {
    const { schemas } = (await ctx.http().get('/api/docs-json').expect(200)).body.components;
    const pages: Record<string, string> = { UserListDto: 'UserDto', GroupListDto: 'GroupDto', LogListDto: 'LogDto', PairListDto: 'PairDto', ScheduleListDto: 'ScheduleDto' };
    for (const [page, item] of Object.entries(pages)) {
      expect(schemas[page].required).toEqual(['count', 'next', 'previous', 'results']);
      expect(schemas[page].properties.next).toEqual({ type: 'string', nullable: true });
      expect(schemas[page].properties.results.items).toEqual({ $ref: `#/components/schemas/${item}` });
    }
    expect(schemas.LogListDto.properties.count.description).toMatch(/estimate/);
  });

  describe('health', () => {
    it('is 503 with the worker down when no worker beats', async () => {
      await beatEngine(ctx);
      const res = await ctx.http().get('/api/v2/health/').expect(503);
      expect(res.body).toEqual({ status: 'down', database: 'up', redis: 'up', worker: 'down', engine: 'up' });
    });

    it('is 200 with a fresh heartbeat, and 503 again once it is older than 30 s', async () => {
      const key = heartbeatKey(ctx.config.redisPrefix);
      await ctx.redis.zadd(key, Date.now(), 'test-worker');
      await beatEngine(ctx);
      const up = await ctx.http().get('/api/v2/health/').expect(200);
      expect(up.body.status).toBe('ok');
      await ctx.redis.zadd(key, Date.now() - HEARTBEAT_STALE_MS - 1000, 'test-worker');
      await ctx.http().get('/api/v2/health/').expect(503);
    });
  });
});
