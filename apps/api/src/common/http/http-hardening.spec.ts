import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, permsAll } from '@console/contracts';
import { createTestApp, TestContext } from '../../test/harness';
import { auth, makeUser, sessionFor } from '../../test/factories';
import { HSTS_VALUE } from './security-headers';

/** Listens on a free port and sends `raw` as is; resolves with all the server wrote before it closed. */
async function rawExchange(ctx: TestContext, raw: string, waitMs: number): Promise<string> {
  const server = ctx.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, waitMs).unref();
  });
}

describe('HTTP hardening (default settings)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('sends the security headers on answers of every kind', async () => {
    for (const res of [
      await ctx.http().get('/api/v2/health/'),
      await ctx.http().get('/api/v2/no-such-thing/').expect(404),
      await ctx.http().post('/api/v2/users/login/').set('content-type', 'application/json').send('{"email": ').expect(400),
      await ctx.http().get('/api/v2/users/current-user/').expect(401),
    ]) {
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      // Google's reCAPTCHA origins only with CAPTCHA_PROVIDER=recaptcha (the auth tests check that side).
      expect(csp).not.toContain('google');
      expect(csp).not.toContain('frame-src');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends no ETag with an API answer: none is stored, so none is asked for again', async () => {
    const res = await ctx.http().get('/api/v2/health/');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text.length).toBeGreaterThan(0);
    expect(res.headers.etag).toBeUndefined();
  });

  it('sends HSTS only when the request came over TLS', async () => {
    // The test client is on loopback, which TRUST_PROXY trusts by default.
    const res = await ctx.http().get('/api/v2/no-such-thing/').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('serves the OpenAPI UI under the same policy', async () => {
    const res = await ctx.http().get('/api/docs').redirects(1);
    expect(res.status).toBe(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    await ctx.http().get('/api/docs-json').expect(200);
  });

  it('builds page links on PUBLIC_URL, whatever the Host header says', async () => {
    const admin = await makeUser(ctx.db, { perms: permsAll('Full') });
    await makeUser(ctx.db);
    const token = (await sessionFor(ctx, admin.id)).access;
    const res = await ctx.http().get('/api/v2/users/users/?page_size=1').set('Host', 'evil.example').set(...auth(token)).expect(200);
    expect(res.body.next).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/v2\/users\/users\/\?page_size=1&page=2&cursor=[\w-]+$/);
  });

  it('lets a body without a time problem through', async () => {
    await ctx.http().post('/api/v2/users/login/').send({ email: 'a@b.co', password: 'x' }).expect(400);
  });
});

describe('HTTP hardening (settings)', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ BODY_TIMEOUT_MS: '300', PUBLIC_URL: 'https://console.example.com/base/', API_DOCS: 'false' });
    const admin = await makeUser(ctx.db, { perms: permsAll('Full') });
    await makeUser(ctx.db);
    token = (await sessionFor(ctx, admin.id)).access;
  });
  afterAll(() => ctx.close());

  it('answers 408 and closes the connection when a body is slower than BODY_TIMEOUT_MS', async () => {
    const started = Date.now();
    const answer = await rawExchange(
      ctx,
      'POST /api/v2/users/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
      5_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(JSON.stringify({ detail: OWN_MESSAGES.bodyTimeout }));
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('builds page links on PUBLIC_URL with its path, for an absolute-form request target too', async () => {
    const res = await ctx.http().get('/api/v2/users/users/?page_size=1').set(...auth(token)).expect(200);
    expect(res.body.next).toMatch(/^https:\/\/console\.example\.com\/base\/api\/v2\/users\/users\/\?page_size=1&page=2&cursor=[\w-]+$/);
    const raw = await rawExchange(
      ctx,
      `GET http://evil.example/api/v2/users/users/?page_size=1 HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
      5_000,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toMatch(/"next":"https:\/\/console\.example\.com\/base\/api\/v2\/users\/users\/\?page_size=1&page=2&cursor=[\w-]+"/);
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await ctx.http().get('/api/v2/no-such-thing/');
    expect(res.headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('serves no API documentation with API_DOCS=false', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs-json']) {
      const res = await ctx.http().get(path).expect(404);
      expect(res.body).toEqual({ detail: OWN_MESSAGES.notFound });
    }
  });
});
