import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES, type Perm } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeSignal, makeSignalWorld, SignalWorld } from '../test/signal-fixtures';

const S = '/api/v2/signals';
/** Short leases, so the test sees one run out; the engines renew theirs every 50 ms turn. */
const LEASE_MS = 1500;

interface CommandRow {
  status: string;
  error: string | null;
  lease_owner: string | null;
  lease_expires_at: Date | null;
  superseded_by: string | null;
}

/**
 * Held commands (the limit closes, pending while their exit rests) on the real engine: leased to one
 * engine when two run on the database, taken over when that one stops, superseded by a close at market or
 * ended by a cancel of the order they hold.
 */
describe('held commands: leases with two engines, a close at market or a cancel of the held order superseding a limit close', () => {
  let ctx: TestContext;
  let world: SignalWorld;
  let full: string;
  let apa: string;
  const engines: TestEngine[] = [];
  const post = (path: string, token = full, body?: object) => {
    const req = ctx.http().post(`${S}/${path}`).set(...auth(token));
    return body ? req.send(body) : req;
  };
  const filled = () => makeSignal(ctx.db, world, { status: 'active', state: 'active_fp', execution: 100, ageMinutes: 5, position: 'open', orders: ['FILLED', 'PLACED'] });
  const positionOf = async (signalId: string) =>
    (await ctx.db.query(`SELECT id::text, state, action_state, closed_at IS NOT NULL AS closed FROM positions WHERE signal_id = $1`, [signalId]))[0] as {
      id: string;
      state: string;
      action_state: string;
      closed: boolean;
    };
  const command = async (id: string) =>
    (await ctx.db.query(`SELECT status, error, lease_owner, lease_expires_at, superseded_by::text FROM engine_commands WHERE id = $1`, [id]))[0] as CommandRow;
  const exits = async (signalId: string) =>
    (await ctx.db.query(`SELECT status, price::text FROM orders WHERE signal_id = $1 AND order_type = 'exit' ORDER BY id`, [signalId])) as { status: string; price: string }[];
  const session = async (perms: Partial<Perm>[]) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
  const leased = (id: string) => async () => (await command(id)).lease_owner !== null;
  const settled = (id: string) => async () => (await command(id)).status !== 'pending';

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await makeSignalWorld(ctx.db);
    full = await session([{ section_name: 'signals', status: 'Full' }]);
    apa = await session([{ section_name: 'APA', status: 'ReadOnly' }]);
  });
  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    await ctx?.close();
  });

  it('two engines on one database: one holds a best-limit close under a lease it renews; when it stops, the other takes it over and closes once', async () => {
    engines.push(await startEngine(ctx, { leaseMs: LEASE_MS }), await startEngine(ctx, { leaseMs: LEASE_MS }));
    const id = await filled();
    const asked: string = (await post(`positions/${id}/close-best-limit/`).expect(202)).body.id;
    await waitUntil(leased(asked), 10_000);
    const first = await command(asked);
    const holder = engines.find((engine) => engine.instanceId === first.lease_owner)!;
    const other = engines.find((engine) => engine !== holder)!;
    expect(holder).toBeDefined();

    // Both engines take turns for three leases' time: the holder keeps the lease (renewing it), the other never takes the command.
    const owners = new Set<string | null>();
    let expiry = first.lease_expires_at!.getTime();
    for (const stop = Date.now() + 3 * LEASE_MS; Date.now() < stop; ) {
      const now = await command(asked);
      owners.add(now.lease_owner);
      expect(now.status).toBe('pending');
      expiry = Math.max(expiry, now.lease_expires_at!.getTime());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...owners]).toEqual([holder.instanceId]);
    expect(expiry).toBeGreaterThan(first.lease_expires_at!.getTime() + LEASE_MS);
    // Carried out once: one exit, resting at the limit.
    const resting = await exits(id);
    expect(resting.map((order) => order.status)).toEqual(['PLACED']);

    // The holder stops renewing; once its lease has run out the other engine takes the command over.
    await holder.stop();
    engines.splice(engines.indexOf(holder), 1);
    await waitUntil(async () => (await command(asked)).lease_owner === other.instanceId, 4 * LEASE_MS);
    expect(await exits(id)).toEqual(resting);
    await other.advanceUntil(settled(asked));
    expect(await command(asked)).toMatchObject({ status: 'succeeded', error: null });
    expect((await exits(id)).map((order) => order.status)).toEqual(['FILLED']);
    expect(await positionOf(id)).toMatchObject({ state: 'closed', action_state: 'CLOSED', closed: true });
  });

  it('a close at market while a limit close is held is accepted: the engine cancels the resting exit, closes at market, and the limit close ends superseded', async () => {
    const id = await filled();
    const position = await positionOf(id);
    const limit: string = (await post(`position/${id}/close-limit/`, full, { coefficient: 0.999 }).expect(202)).body.id;
    await waitUntil(leased(limit), 10_000);
    expect((await exits(id)).map((order) => order.status)).toEqual(['PLACED']);
    expect((await positionOf(id)).action_state).toBe('CLOSING');

    const market = await post(`position/${id}/close-market/`).expect(202);
    expect(market.body).toMatchObject({ kind: 'close_market', target_id: position.id, status: 'pending', action_state: 'CLOSING' });
    await waitUntil(settled(market.body.id), 10_000);
    expect(await command(market.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await command(limit)).toMatchObject({ status: 'superseded', superseded_by: market.body.id, error: ENGINE_MESSAGES.closeSuperseded });
    // The resting exit is cancelled as any exit a close at market replaces.
    expect((await exits(id)).map((order) => order.status)).toEqual(['CANCELED_BY_MOVEMENT', 'FILLED']);
    expect(await positionOf(id)).toMatchObject({ state: 'closed', action_state: 'CLOSED', closed: true });
    // Both commands' states, as the console reads them.
    const state = async (commandId: string) => (await ctx.http().get(`/api/v2/engine/commands/${commandId}/`).set(...auth(apa)).expect(200)).body;
    expect(await state(limit)).toMatchObject({ kind: 'close_limit', status: 'superseded', error: ENGINE_MESSAGES.closeSuperseded, action_state: 'CLOSED' });
    expect(await state(market.body.id)).toMatchObject({ kind: 'close_market', status: 'succeeded', error: null, action_state: 'CLOSED' });
  });

  it('cancelling the order a limit close holds cancels the close: it ends superseded by the cancel, the position open and free for another action', async () => {
    const id = await filled();
    const limit: string = (await post(`position/${id}/close-limit/`, full, { coefficient: 0.999 }).expect(202)).body.id;
    await waitUntil(leased(limit), 10_000);
    const [exit] = (await ctx.db.query(`SELECT id::text FROM orders WHERE signal_id = $1 AND order_type = 'exit' AND status = 'PLACED'`, [id])) as { id: string }[];
    const orders = await session([{ section_name: 'orders', status: 'Full' }]);
    const cancel = await ctx.http().post(`/api/v2/orders/order/${exit.id}/cancel/`).set(...auth(orders)).expect(202);
    await waitUntil(settled(cancel.body.id), 10_000);
    expect(await command(cancel.body.id)).toMatchObject({ status: 'succeeded' });
    expect(await command(limit)).toMatchObject({ status: 'superseded', superseded_by: cancel.body.id, error: ENGINE_MESSAGES.closeCancelled });
    expect(await positionOf(id)).toMatchObject({ state: 'open', action_state: 'NONE', closed: false });
    expect((await exits(id)).map((order) => order.status)).toEqual(['CANCELED_MANUAL']);
    // The exit rules take the position over again: the next minute places their exit, not the limit's.
    await engines[0].advance(1);
    const after = await exits(id);
    expect(after.map((order) => order.status)).toEqual(['CANCELED_MANUAL', 'PLACED']);
    expect(after[1].price).not.toBe(after[0].price);
    const again: string = (await post(`position/${id}/close-market/`).expect(202)).body.id;
    await waitUntil(settled(again), 10_000);
    expect(await positionOf(id)).toMatchObject({ state: 'closed', action_state: 'CLOSED' });
  });

  it('a close at market asked before the engine took the limit close supersedes it too; a best limit likewise; other actions still get 409', async () => {
    const [engine] = engines;
    const id = await filled();
    const best = await filled();
    const asked = await engine.held(async () => {
      const limit: string = (await post(`position/${id}/close-limit/`, full, { coefficient: 0.5 }).expect(202)).body.id;
      expect((await post(`position/${id}/close-limit/`, full, { coefficient: 0.25 }).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      const market: string = (await post(`position/${id}/close-market/`).expect(202)).body.id;
      // While the close at market is pending, the row takes nothing else.
      expect((await post(`positions/${id}/close-best-limit/`).expect(409)).body).toEqual({ detail: ENGINE_MESSAGES.actionRunning });
      const bestLimit: string = (await post(`positions/${best}/close-best-limit/`).expect(202)).body.id;
      const bulk = (await post('positions/bulk-close-market/', full, { signals_ids: [Number(best)] }).expect(202)).body.commands as { id: string }[];
      return { limit, market, bestLimit, bestMarket: bulk[0].id };
    });
    await waitUntil(async () => (await settled(asked.market)()) && (await settled(asked.bestMarket)()), 10_000);
    expect(await command(asked.limit)).toMatchObject({ status: 'superseded', superseded_by: asked.market });
    expect(await command(asked.bestLimit)).toMatchObject({ status: 'superseded', superseded_by: asked.bestMarket });
    expect(await command(asked.market)).toMatchObject({ status: 'succeeded' });
    for (const signal of [id, best]) expect(await positionOf(signal)).toMatchObject({ state: 'closed', action_state: 'CLOSED' });
  });
});
