import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_NAMES, REQUEST_ID_HEADER } from '@console/contracts';
import { engineRegistry, logCommandsTo } from '@console/engine/runtime';
import { loadConfig } from '../common/config/config';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';
import { metricsAddress, processMetrics, serveMetrics } from './metrics-server';


describe('what operators observe', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let metrics: Server;
  let operator: string;
  /** Every line the engine logs for a settled command. */
  const engineLogs: Record<string, unknown>[] = [];
  const scrape = async () => {
    const res = await fetch(metricsAddress(metrics));
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    logCommandsTo((line) => engineLogs.push(line));
    engine = await startEngine(ctx);
    // The API's registry; the engine, in this process too, keeps its own (served on its own port).
    metrics = await serveMetrics(processMetrics, 0, ctx.config.metricsHost);
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'orders', status: 'Full' }] })).id)).access;
  });
  afterAll(async () => {
    metrics?.close();
    await engine?.stop();
    logCommandsTo(null);
    await ctx?.close();
  });

  it('/metrics answers every family, a route under its pattern, a refused sign-in counted', async () => {
    const order = await makeOrder(ctx.db);
    const asked = await ctx.http().post(`/api/v2/orders/order/${order.orderId}/cancel/`).set(...auth(operator)).expect(202);
    await ctx.http().get(`/api/v2/engine/commands/${asked.body.id}/`).set(...auth(operator));
    await ctx.http().post('/api/v2/users/login/').send({ email: 'nobody@example.com', password: 'wrong-password' }).expect(400);
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [asked.body.id]))[0].status !== 'pending', 10_000);

    const text = await scrape();
    // Every family but the engine's command latency, which the engine process serves.
    for (const name of Object.values(METRIC_NAMES).filter((n) => n !== METRIC_NAMES.engineCommandLatency)) expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(new RegExp(`${METRIC_NAMES.httpRequestDuration}_count\\{method="GET",route="/api/v2/engine/commands/:id",status="\\d+"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`${METRIC_NAMES.httpRequestDuration}_count\\{method="POST",route="/api/v2/orders/order/:id/cancel",status="202"\\} [1-9]`));
    // Never the raw URL: no series per order or command id.
    expect(text).not.toContain(`/cancel/${order.orderId}`);
    expect(text).not.toContain(`route="/api/v2/engine/commands/${asked.body.id}/"`);
    expect(text).toMatch(new RegExp(`${METRIC_NAMES.signInFailures}\\{reason="unknown_email"\\} [1-9]`));
    expect(text).not.toContain(`# TYPE ${METRIC_NAMES.engineCommandLatency} `);
    expect(await engineRegistry.metrics()).toMatch(new RegExp(`${METRIC_NAMES.engineCommandLatency}_count\\{kind="cancel_order",status="succeeded"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`${METRIC_NAMES.dbPoolConnections}\\{state="total"\\} [1-9]`));
    expect(text).toMatch(new RegExp(`${METRIC_NAMES.dbQueryDuration}_count\\{outcome="ok"\\} [1-9]`));
  });

  it('is not on the public app: its own port, bound to loopback unless told otherwise', async () => {
    for (const path of ['/metrics', '/api/metrics', '/api/v2/metrics/']) {
      const res = await ctx.http().get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(METRIC_NAMES.httpRequestDuration);
    }
    const docs = await ctx.http().get('/api/docs-json').expect(200);
    expect(Object.keys(docs.body.paths).filter((path) => path.includes('metrics'))).toEqual([]);
    expect((metrics.address() as AddressInfo).address).toBe('127.0.0.1');
    const defaults = loadConfig({ ...process.env, DATABASE_URL: ctx.config.databaseUrl, REDIS_URL: ctx.config.redisUrl, JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: '0'.repeat(64), METRICS_HOST: '', METRICS_PORT: '', WORKER_METRICS_PORT: '' });
    expect(defaults).toMatchObject({ metricsHost: '127.0.0.1', metricsPort: 9464, workerMetricsPort: 9465 });
    expect(defaults.metricsPort).not.toBe(defaults.port);
    // Only the exposition path: nothing else of the app answers there.
    expect((await fetch(metricsAddress(metrics).replace('/metrics', '/api/v2/users/current-user/'))).status).toBe(404);
  });

  it("one request id follows an operator's cancel: the answer, the audit row, the command row, the engine's completion log", async () => {
    const requestId = `cancel-${Date.now().toString(36)}`;
    const order = await makeOrder(ctx.db);
    const asked = await ctx.http().post(`/api/v2/orders/order/${order.orderId}/cancel/`).set(...auth(operator)).set(REQUEST_ID_HEADER, requestId).expect(202);
    expect(asked.headers['x-request-id']).toBe(requestId);
    const commandId: string = asked.body.id;

    const audit = await ctx.db.query(`SELECT event_type, log_data FROM logs WHERE request_id = $1`, [requestId]);
    expect(audit).toEqual([expect.objectContaining({ event_type: 'engine_cancel_order', log_data: expect.objectContaining({ command_id: commandId }) })]);
    const command = await ctx.db.query(`SELECT request_id FROM engine_commands WHERE id = $1`, [commandId]);
    expect(command).toEqual([{ request_id: requestId }]);

    const completion = () => engineLogs.find((line) => line.requestId === requestId && line.status);
    await waitUntil(async () => completion() !== undefined, 10_000);
    expect(completion()).toMatchObject({ requestId, commandId, kind: 'cancel_order', status: 'succeeded' });
  });

  it('an unsafe incoming id is replaced by one of its own', async () => {
    for (const unsafe of ['has space', 'x'.repeat(65), '<script>']) {
      const res = await ctx.http().get('/api/v2/no-such-thing/').set(REQUEST_ID_HEADER, unsafe);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
