import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, OWN_MESSAGES, permsAll } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';

const cancelPath = (orderId: string) => `/api/v2/orders/order/${orderId}/cancel/`;
const statePath = (commandId: string) => `/api/v2/engine/commands/${commandId}/`;

describe('the engine-command boundary', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let operator: string;
  let reader: string;
  let outsider: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'orders', status: 'Full' }] })).id)).access;
    reader = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'orders', status: 'ReadOnly' }] })).id)).access;
    outsider = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('NP') })).id)).access;
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const orderRow = async (id: string) => (await ctx.db.query(`SELECT status, action_state FROM orders WHERE id = $1`, [id]))[0] as { status: string; action_state: string };
  const commandsFor = async (id: string) =>
    (await ctx.db.query(`SELECT id::text, status FROM engine_commands WHERE target_type = 'order' AND target_id = $1`, [id])) as { id: string; status: string }[];
  const settled = (commandId: string) => async () => (await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [commandId]))[0]?.status !== 'pending';

  it('a cancel is a command: CANCELLING at once, then the engine cancels the order and the state says so', async () => {
    const order = await makeOrder(ctx.db);
    const asked = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).expect(202);
    expect(asked.body).toMatchObject({ kind: 'cancel_order', target_type: 'order', target_id: order.orderId, status: 'pending', action_state: 'CANCELLING', completed_at: null });
    expect((await orderRow(order.orderId)).status).toBe('PLACED');

    await waitUntil(settled(asked.body.id), 10_000);
    const state = await ctx.http().get(statePath(asked.body.id)).set(...auth(reader)).expect(200);
    expect(state.body).toMatchObject({ id: asked.body.id, status: 'succeeded', action_state: 'CANCELLED', error: null });
    expect(state.body.completed_at).toEqual(expect.any(String));
    expect(await orderRow(order.orderId)).toEqual({ status: 'CANCELED_MANUAL', action_state: 'CANCELLED' });
    const audit = await ctx.db.query(`SELECT log_data, signal_id::text FROM logs WHERE event_type = 'engine_cancel_order' AND order_id = $1`, [order.orderId]);
    expect(audit).toHaveLength(1);
    expect(audit[0].log_data).toMatchObject({ command_id: asked.body.id });
    // The log names the order's signal too, read from the locked order row.
    expect(audit[0].signal_id).toBe(order.signalId);
  });

  it('a double click or two instances at once make one command', async () => {
    const order = await makeOrder(ctx.db);
    const answers = await engine.held(() => Promise.all([1, 2, 3].map(() => ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).expect(202))));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await commandsFor(order.orderId)).toHaveLength(1);
  });

  it('a retried request with the same Idempotency-Key is the same command, even after it is done', async () => {
    const order = await makeOrder(ctx.db);
    const key = `retry-${order.orderId}`;
    const first = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    await waitUntil(settled(first.body.id), 10_000);
    const again = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).set(IDEMPOTENCY_KEY_HEADER, key).expect(202);
    expect(again.body).toMatchObject({ id: first.body.id, status: 'succeeded' });
    expect(await commandsFor(order.orderId)).toHaveLength(1);

    const other = await makeOrder(ctx.db);
    const reused = await ctx.http().post(cancelPath(other.orderId)).set(...auth(operator)).set(IDEMPOTENCY_KEY_HEADER, key).expect(400);
    expect(reused.body).toEqual({ detail: ENGINE_MESSAGES.keyReused });
    for (const bad of ['has space', 'x'.repeat(101)]) {
      const refused = await ctx.http().post(cancelPath(other.orderId)).set(...auth(operator)).set(IDEMPOTENCY_KEY_HEADER, bad).expect(400);
      expect(refused.body).toEqual({ detail: ENGINE_MESSAGES.badIdempotencyKey });
    }
    expect(await commandsFor(other.orderId)).toHaveLength(0);
  });

  it('an order that is no longer open is refused with the reason, and nothing is written', async () => {
    const order = await makeOrder(ctx.db, { status: 'FILLED' });
    const refused = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).expect(400);
    expect(refused.body).toEqual({ detail: ENGINE_MESSAGES.orderNotOpen });
    expect(await commandsFor(order.orderId)).toHaveLength(0);
    expect(await orderRow(order.orderId)).toEqual({ status: 'FILLED', action_state: 'NONE' });
    await ctx.http().post(cancelPath('999999')).set(...auth(operator)).expect(404);
  });

  it('only those who may use the section ask or read: ReadOnly cannot cancel, NP cannot read the state', async () => {
    const order = await makeOrder(ctx.db);
    const byGuard = await ctx.http().post(cancelPath(order.orderId)).set(...auth(reader)).expect(403);
    const asked = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).expect(202);
    const byService = await ctx.http().get(statePath(asked.body.id)).set(...auth(outsider)).expect(403);
    // A 403 has one shape whether the guard or a service refuses.
    expect(byService.body).toEqual({ detail: OWN_MESSAGES.forbidden });
    expect(Object.keys(byGuard.body)).toEqual(['detail']);
    await ctx.http().get(statePath('987654')).set(...auth(reader)).expect(404);
  });

  it('a Limited signals group reads a command only on a signal inside its window; outside it, 404 like a missing one', async () => {
    const world = await makeSignalWorld(ctx.db);
    const signalsOperator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'signals', status: 'Full' }] })).id)).access;
    const cancel = async (id: string) => (await ctx.http().post(`/api/v2/signals/position/${id}/cancel/`).set(...auth(signalsOperator)).expect(202)).body.id as string;
    const outside = await cancel(await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 30, orders: ['PLACED'] }));
    const inside = await cancel(await makeSignal(ctx.db, world, { status: 'active', state: 'active_np', ageMinutes: 0, orders: ['PLACED'] }));
    const newestOne = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'signals', status: 'Limited', fields: ['status'], signals_count: 1 }] })).id)).access;
    expect((await ctx.http().get(statePath(inside)).set(...auth(newestOne)).expect(200)).body).toMatchObject({ id: inside, kind: 'cancel_signal' });
    expect((await ctx.http().get(statePath(outside)).set(...auth(newestOne)).expect(404)).body).toEqual({ detail: OWN_MESSAGES.notFound });
    // Full sees both.
    await ctx.http().get(statePath(outside)).set(...auth(signalsOperator)).expect(200);
  });

  it('the engine claims a pending row from the table itself: no queue stands between, so a command written while it was held is carried out once it runs', async () => {
    const order = await makeOrder(ctx.db);
    const asked = await engine.held(async () => {
      const answer = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).expect(202);
      expect(await orderRow(order.orderId)).toEqual({ status: 'PLACED', action_state: 'CANCELLING' });
      return answer;
    });
    await engine.runNow();
    expect((await ctx.db.query(`SELECT status FROM engine_commands WHERE id = $1`, [asked.body.id]))[0].status).toBe('succeeded');
    expect(await orderRow(order.orderId)).toEqual({ status: 'CANCELED_MANUAL', action_state: 'CANCELLED' });
  });

  it('a cancel of an order the engine has already cancelled fails with the reason, and the order stays as the first cancel left it', async () => {
    const order = await makeOrder(ctx.db);
    const first = await ctx.http().post(cancelPath(order.orderId)).set(...auth(operator)).expect(202);
    await waitUntil(settled(first.body.id), 10_000);
    // A second command written past the API's own check (another writer): the engine refuses it.
    const [command]: { id: string }[] = await ctx.db.query(
      `INSERT INTO engine_commands (kind, target_type, target_id, idempotency_key) VALUES ('cancel_order', 'order', $1, $2) RETURNING id::text`,
      [order.orderId, `test-${order.orderId}`],
    );
    await waitUntil(settled(command.id), 10_000);
    expect((await ctx.db.query(`SELECT status, error FROM engine_commands WHERE id = $1`, [command.id]))[0]).toEqual({ status: 'failed', error: ENGINE_MESSAGES.orderNotOpen });
    expect((await orderRow(order.orderId)).status).toBe('CANCELED_MANUAL');
  });

  it('every engine action route declares the Idempotency-Key header once in the OpenAPI document, and no other route does', async () => {
    type Operation = { parameters?: { in: string; name: string; schema?: { maxLength?: number } }[]; responses: Record<string, unknown>; tags?: string[] };
    const { paths } = (await ctx.http().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, Operation>> };
    // Engine actions answer 202 with their command(s); strategy profiles' start and stop answer the profile.
    // A candle import or download answers 202 too, for the worker's task: a repeated one adds nothing, so it takes no key.
    // An alert answers 202 with its command: its own alert_id makes a repeat the same alert (TradingView sends no headers of ours).
    const isAction = (path: string, op: Operation) =>
      ('202' in op.responses && !op.tags?.includes('market-data') && !op.tags?.includes('alerts')) || /^\/api\/v2\/strategies\/profiles\/\{id\}\/(start|stop)\/?$/.test(path);
    const declaring: string[] = [];
    const actions: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(item)) {
        const headers = (op.parameters ?? []).filter((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_KEY_HEADER);
        if (headers.length) declaring.push(`${method} ${path}`);
        if (!isAction(path, op)) continue;
        actions.push(`${method} ${path}`);
        expect(headers, `${method} ${path}`).toHaveLength(1);
        expect(headers[0].schema?.maxLength).toBe(IDEMPOTENCY_KEY_MAX);
      }
    }
    expect(declaring.sort()).toEqual(actions.sort());
    for (const bulk of [
      'post /api/v2/position-administration/bulk-reduce-position',
      'put /api/v2/position-administration/bulk-skip-check-k-exit',
      'post /api/v2/signals/positions/bulk-close-market',
      'post /api/v2/signals/positions/bulk-close-best-limit',
      'post /api/v2/system-status',
    ]) {
      expect(actions).toContain(bulk);
    }
  });
});
