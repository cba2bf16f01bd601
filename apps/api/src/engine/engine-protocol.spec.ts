import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_COMMAND_EFFECTS, IDEMPOTENCY_KEY_HEADER, type EngineCommandKind } from '@console/contracts';
import { heartbeatKey } from '../queues/queues';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { DONE_STATE, MinimalEngine, UNSUPPORTED } from '../test/minimal-engine';
import { makeSignalWorld, type SignalWorld } from '../test/signal-fixtures';

// A second consumer of the engine protocol: the stand-in in test/minimal-engine.ts, written from the
// protocol page only, against the console API (no other engine runs beside it here).
describe('the engine protocol with a stand-in engine', () => {
  let ctx: TestContext;
  let world: SignalWorld;
  let operator: string;
  let a: MinimalEngine;
  let b: MinimalEngine;
  beforeAll(async () => {
    ctx = await createTestApp();
    world = await makeSignalWorld(ctx.db);
    const perms = (['signals', 'orders', 'APA', 'bot_status'] as const).map((section_name) => ({ section_name, status: 'Full' as const }));
    operator = (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
    await ctx.db.query(`UPDATE bot_status SET status = 'enabled'`);
    a = new MinimalEngine(ctx.config.databaseUrl);
    b = new MinimalEngine(ctx.config.databaseUrl);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await ctx?.close();
  });

  const get = async <T>(path: string): Promise<T> => {
    const res = await ctx.http().get(`/api/v2${path}`).set(...auth(operator));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as T;
  };
  const post = (path: string, body: object = {}, key?: string) => {
    const req = ctx.http().post(`/api/v2${path}`).set(...auth(operator));
    return (key ? req.set(IDEMPOTENCY_KEY_HEADER, key) : req).send(body);
  };
  type Row = Record<string, unknown> & { id: string };
  const list = async (path: string) => (await get<{ results: Row[] }>(path)).results;

  it("states each kind's done action_state as the contracts do", () => {
    // Quiet kinds (an alert's) leave the action_state alone; the page says so instead of a done state.
    const kinds = (Object.keys(ENGINE_COMMAND_EFFECTS) as EngineCommandKind[]).filter((k) => !ENGINE_COMMAND_EFFECTS[k].quiet);
    expect(Object.fromEntries(kinds.map((k) => [k, ENGINE_COMMAND_EFFECTS[k].done]))).toEqual(DONE_STATE);
  });

  it('its heartbeat makes health report the engine up', async () => {
    await ctx.redis.zadd(heartbeatKey(ctx.config.redisPrefix), Date.now(), 'test-worker');
    const before = await ctx.http().get('/api/v2/health/').expect(503);
    expect(before.body).toMatchObject({ status: 'down', engine: 'down' });
    await a.beat();
    const after = await ctx.http().get('/api/v2/health/').expect(200);
    expect(after.body).toMatchObject({ status: 'ok', engine: 'up' });
  });

  it('writes signals with orders and positions the console lists; carries out each command once across two engines', async () => {
    const [alpha, beta] = world.profiles;
    const [aaa, bbb] = world.pairs;
    const signals: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await a.openSignal(i % 2 ? beta.id : alpha.id, i % 2 ? bbb.id : aaa.id, { price: 100 + i, coins: 2, exitPrice: 120 });
      expect(id).not.toBeNull();
      signals.push(id!);
    }
    const listed = await list('/signals/signals/?page_size=100');
    for (const id of signals) expect(listed.find((s) => s.id === id)).toMatchObject({ status: 'active', state: 'active_fp', action_state: 'NONE' });
    const orders = await list('/orders/orders/?page_size=100');
    expect(orders.filter((o) => signals.includes(String(o.signal)) && o.status === 'FILLED')).toHaveLength(6);
    const exits = orders.filter((o) => signals.includes(String(o.signal)) && o.status === 'PLACED');
    expect(exits).toHaveLength(6);
    const positions = await list('/position-administration/?page_size=100');
    const ofSignal = (signalId: string) => positions.find((p) => p.signal_id === signalId)!;
    for (const id of signals) expect(ofSignal(id)).toMatchObject({ state: 'open', action_state: 'NONE', active_p_coins: 2 });

    // The operator's commands, through the API: a cancel of each of three exits, a close at market of two
    // signals' positions, a k-exit recovery this engine does not support, and the bot turned off.
    const commandIds: string[] = [];
    const cancelled = exits.filter((o) => o.signal === signals[0] || o.signal === signals[2] || o.signal === signals[4]).map((o) => o.id);
    for (const [i, orderId] of cancelled.entries()) {
      const asked = await post(`/orders/order/${orderId}/cancel/`, {}, `cancel-exit-${i}`).expect(202);
      expect(asked.body).toMatchObject({ status: 'pending', action_state: 'CANCELLING' });
      // The same key again is the same command, not a second one.
      const again = await post(`/orders/order/${orderId}/cancel/`, {}, `cancel-exit-${i}`).expect(202);
      expect(again.body.id).toBe(asked.body.id);
      commandIds.push(asked.body.id);
    }
    const closes = [signals[1], signals[3]];
    for (const signalId of closes) {
      const asked = await post(`/signals/position/${signalId}/close-market/`).expect(202);
      expect(asked.body).toMatchObject({ target_type: 'position', target_id: ofSignal(signalId).id, status: 'pending', action_state: 'CLOSING' });
      commandIds.push(asked.body.id);
    }
    const recover = await post(`/position-administration/${ofSignal(signals[5]).id}/recovery-k-exit/`).expect(202);
    commandIds.push(recover.body.id);
    const off = await post('/system-status/', { status: 'disabled' }).expect(202);
    expect(off.body).toMatchObject({ action_state: 'CHANGING' });
    const [botCommand] = await ctx.db.query(`SELECT id::text FROM engine_commands WHERE kind = 'disable_bot'`);
    commandIds.push(botCommand.id);
    const [{ n: rows }] = await ctx.db.query(`SELECT count(*)::int AS n FROM engine_commands`);
    expect(rows).toBe(commandIds.length);

    // Two engines take them at once, a few at a time, until none is pending.
    for (let round = 0; round < 10; round++) {
      const [byA, byB] = await Promise.all([a.takeCommands(121, 2), b.takeCommands(121, 2)]);
      if (!byA.length && !byB.length) break;
    }
    expect([...a.completed, ...b.completed].sort()).toEqual([...commandIds].sort());
    expect(a.completed.filter((id) => b.completed.includes(id))).toEqual([]);
    // Both took a share: at most two each per round, eight commands.
    expect(a.completed.length).toBeGreaterThan(0);
    expect(b.completed.length).toBeGreaterThan(0);
    // Nothing is left: a third round completes nothing.
    expect(await a.takeCommands(121)).toEqual([]);

    // What the console shows: each command's outcome and its target's state.
    for (const id of commandIds.slice(0, 3)) expect(await get(`/engine/commands/${id}/`)).toMatchObject({ status: 'succeeded', action_state: 'CANCELLED' });
    for (const id of commandIds.slice(3, 5)) expect(await get(`/engine/commands/${id}/`)).toMatchObject({ status: 'succeeded', action_state: 'CLOSED' });
    expect(await get(`/engine/commands/${recover.body.id}/`)).toMatchObject({ status: 'failed', error: UNSUPPORTED, action_state: 'NONE' });
    expect(await get('/system-status/')).toMatchObject({ status: 'disabled', action_state: 'CHANGED' });

    const ordersAfter = await list('/orders/orders/?page_size=100');
    for (const id of cancelled) expect(ordersAfter.find((o) => o.id === id)).toMatchObject({ status: 'CANCELED_MANUAL', action_state: 'CANCELLED' });
    const signalsAfter = await list('/signals/signals/?page_size=100');
    // Closed at 121 from 101 and 103 with 2 coins: +40 and +36.
    expect(signalsAfter.find((s) => s.id === signals[1])).toMatchObject({ status: 'finished', state: 'finished', pnl_in_usd: 40 });
    expect(signalsAfter.find((s) => s.id === signals[3])).toMatchObject({ status: 'finished', state: 'finished', pnl_in_usd: 36 });
    const open = await list('/position-administration/?page_size=100');
    for (const signalId of closes) expect(open.find((p) => p.signal_id === signalId)).toBeUndefined();
    expect(open.find((p) => p.signal_id === signals[5])).toMatchObject({ state: 'open', action_state: 'NONE', active_p_coins: 2 });

    // The bot off, the engine's gate starts nothing.
    expect(await a.openSignal(alpha.id, aaa.id, { price: 100, coins: 1, exitPrice: 110 })).toBeNull();
  });

  it('a command taken by an engine that crashes before its commit stays pending, undone, and is done once by the next', async () => {
    await ctx.db.query(`UPDATE bot_status SET status = 'enabled', action_state = 'NONE'`);
    const [alpha] = world.profiles;
    const signalId = await a.openSignal(alpha.id, world.pairs[0].id, { price: 50, coins: 1, exitPrice: 60 });
    const [exit] = await ctx.db.query(`SELECT id::text FROM orders WHERE signal_id = $1 AND order_type = 'exit'`, [signalId]);
    const asked = await post(`/orders/order/${exit.id}/cancel/`).expect(202);

    await expect(a.takeCommands(50, 10, { crashBeforeCommit: true })).rejects.toThrow('crashed before the commit');
    expect(await get(`/engine/commands/${asked.body.id}/`)).toMatchObject({ status: 'pending', action_state: 'CANCELLING' });
    expect((await list('/orders/orders/?page_size=100')).find((o) => o.id === exit.id)).toMatchObject({ status: 'PLACED', action_state: 'CANCELLING' });

    expect(await b.takeCommands(50)).toEqual([asked.body.id]);
    expect(await get(`/engine/commands/${asked.body.id}/`)).toMatchObject({ status: 'succeeded', action_state: 'CANCELLED' });
    expect((await list('/orders/orders/?page_size=100')).find((o) => o.id === exit.id)).toMatchObject({ status: 'CANCELED_MANUAL', action_state: 'CANCELLED' });
    expect(await a.takeCommands(50)).toEqual([]);
  });
});
