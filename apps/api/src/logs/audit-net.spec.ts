import { ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NextFunction, Request, Response } from 'express';
import { firstValueFrom, from } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Section } from '../access/access.decorators';
import { createTestApp, TestContext } from '../test/harness';
import { requestContextMiddleware } from '../common/http/request-context';
import { AuditNetInterceptor } from './audit-net.interceptor';
import { AuditService, MASK } from './audit.service';

/** Two routes as a feature would declare them; what their handlers do is up to each test. */
class SampleController {
  @Section('pairs', 'write')
  change() {}

  @Section('pairs', 'read')
  read() {}
}

describe('the audit net under write routes', () => {
  let ctx: TestContext;
  let audit: AuditService;
  beforeAll(async () => {
    ctx = await createTestApp();
    audit = ctx.app.get(AuditService);
  });
  afterAll(() => ctx.close());

  const request = { method: 'PUT', path: '/api/v2/sample/1/', originalUrl: '/api/v2/sample/1/', route: { path: '/api/v2/sample/:id/' }, body: { title: 'x', api_secret: 'plain-secret-1' }, principal: { userId: 42 } };

  /** Runs `handler` as the `method` route inside a request's audit context, through the interceptor. */
  function call(method: 'change' | 'read', handler: () => Promise<unknown>, strict: boolean): Promise<unknown> {
    const net = new AuditNetInterceptor(new Reflector(), audit, { ...ctx.config, auditStrict: strict });
    const context = {
      getHandler: () => SampleController.prototype[method],
      getClass: () => SampleController,
      switchToHttp: () => ({ getRequest: () => request }),
    } as unknown as ExecutionContext;
    return new Promise((resolve, reject) => {
      const next: NextFunction = () => firstValueFrom(net.intercept(context, { handle: () => from(handler()) })).then(resolve, reject);
      requestContextMiddleware({ headers: {} } as Request, { setHeader: () => undefined } as unknown as Response, next);
    });
  }

  const genericRows = () => ctx.db.query(`SELECT user_id, log_data FROM logs WHERE event_type = 'api_write' ORDER BY id`);

  it('writes nothing more when the feature wrote its own row', async () => {
    await call('change', () => audit.write({ type: 'user', event_type: 'sample_changed', user_id: 42 }).then(() => ({ ok: true })), false);
    expect(await genericRows()).toEqual([]);
  });

  it('leaves read routes alone', async () => {
    await call('read', async () => ({ ok: true }), false);
    expect(await genericRows()).toEqual([]);
  });

  it('writes a generic row, secrets masked, for a write route that wrote none', async () => {
    expect(await call('change', async () => ({ ok: true }), false)).toEqual({ ok: true });
    const rows = await genericRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      user_id: 42,
      log_data: { route: 'PUT /api/v2/sample/:id/', path: '/api/v2/sample/1/', body: { title: 'x', api_secret: MASK } },
    });
  });

  it('fails the request instead when strict, as the test suite runs', async () => {
    await expect(call('change', async () => ({ ok: true }), true)).rejects.toBeInstanceOf(InternalServerErrorException);
  });
});
