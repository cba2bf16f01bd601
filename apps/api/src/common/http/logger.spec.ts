import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogOptions } from './logger';

/** The access log as the app writes it (the app's options on pino-http), into lines kept here. */
describe('the access log', () => {
  const lines: string[] = [];
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const log = pinoHttp(accessLogOptions({ logLevel: 'info' }), sink);
    server = createServer((req, res) => {
      log(req, res);
      // What the sign-in's code step answers: the refresh token in a cookie.
      res.setHeader('Set-Cookie', 'refresh=secret-refresh-token; Path=/api/v2/users/; HttpOnly; SameSite=Strict');
      res.setHeader('Content-Type', 'application/json');
      res.end('{"access":"x"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const lineOf = async (path: string, headers: Record<string, string>) => {
    const before = lines.length;
    const res = await fetch(`${url}${path}`, { method: 'POST', headers });
    await res.text();
    // The line is written once the answer has finished; the client may see the body first.
    for (let i = 0; i < 100 && lines.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.length).toBe(before + 1);
    return lines.at(-1)!;
  };

  it('writes the id, method, masked URL and status of a request, and no header of either side', async () => {
    const line = await lineOf('/api/v2/users/totp/login/123456/', {
      authorization: 'Bearer secret-access-token',
      cookie: 'refresh=secret-old-refresh-token',
      'x-request-id': 'req-logged-1',
    });
    const entry = JSON.parse(line) as { req: Record<string, unknown>; res: Record<string, unknown>; service: string; responseTime: number };
    expect(entry.req).toEqual({ id: 'req-logged-1', method: 'POST', url: '/api/v2/users/totp/login/***/' });
    expect(entry.res).toEqual({ statusCode: 200 });
    expect(entry.service).toBe('api');
    expect(entry.responseTime).toEqual(expect.any(Number));
    for (const secret of ['secret-access-token', 'secret-old-refresh-token', 'secret-refresh-token', '123456']) expect(line).not.toContain(secret);
  });

  it('leaves out the health probe', async () => {
    const before = lines.length;
    await (await fetch(`${url}/api/v2/health/`)).text();
    await lineOf('/api/v2/users/login/', {});
    expect(lines.length).toBe(before + 1);
    expect(lines.at(-1)).toContain('/api/v2/users/login/');
  });

  it('names the service on lines written outside a request too', () => {
    const written: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString('utf8'));
        done();
      },
    });
    pinoHttp(accessLogOptions({ logLevel: 'info' }, 'worker'), sink).logger.info('export finished');
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toMatchObject({ service: 'worker', msg: 'export finished', pid: process.pid });
  });
});
