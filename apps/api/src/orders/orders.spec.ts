import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PAGE_SIZE, OWN_MESSAGES, SECTION_FIELDS, SIGNAL_MESSAGES, type Perm } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { makeSignal, makeSignalWorld, SignalWorld } from '../test/signal-fixtures';

const P = '/api/v2/orders/orders/';

describe('GET orders/orders/', () => {
  let ctx: TestContext;
  let world: SignalWorld;
  let full: string;
  const signals: Record<string, string> = {};
  const session = async (perms: Partial<Perm>[]) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
  const list = async (query: string, token = full, status = 200) => (await ctx.http().get(`${P}${query}`).set(...auth(token)).expect(status)).body;
  const signalsOf = (body: { results: { signal: string; status: string }[] }) => body.results.map((r) => `${r.signal}:${r.status}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await makeSignalWorld(ctx.db);
    const [a, b] = world.profiles.map((p) => p.id);
    const [x, y] = world.pairs.map((p) => p.id);
    signals.newest = await makeSignal(ctx.db, world, { profile: a, pair: x, status: 'active', state: 'active_np', ageMinutes: 10, orders: ['PLACED'] });
    signals.middle = await makeSignal(ctx.db, world, { profile: b, pair: y, status: 'finished', state: 'finished', execution: 100, ageMinutes: 60, orders: ['FILLED'] });
    signals.old = await makeSignal(ctx.db, world, { profile: b, pair: x, status: 'canceled', state: 'canceled_by_user', ageMinutes: 3 * 24 * 60, orders: ['CANCELED_MANUAL'] });
    full = await session([{ section_name: 'orders', status: 'Full' }]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the order fields newest first: price 5, quantity 7 and size (price × quantity) 2 decimals', async () => {
    const body = await list('');
    expect(signalsOf(body)).toEqual([`${signals.newest}:PLACED`, `${signals.middle}:FILLED`, `${signals.old}:CANCELED_MANUAL`]);
    expect(body.count).toBe(3);
    const row = body.results[0];
    expect(row).toMatchObject({
      signal: signals.newest,
      profile: world.profiles[0].title,
      profile_id: world.profiles[0].id,
      pair: world.pairs[0].ticker,
      direction: 'buy',
      position_direction: 'long',
      order_type: 'enter',
      price: 0.12346,
      quantity: 3.1415927,
      o_size: 0.39,
      state: 'PLACED',
      status: 'PLACED',
      action_state: 'NONE',
      exchange_order_id: null,
    });
    expect(typeof row.id).toBe('string');
  });

  it('filters by profile, pair, status, signal and the created_at range', async () => {
    const [a, b] = world.profiles.map((p) => p.id);
    const [x] = world.pairs.map((p) => p.id);
    expect(signalsOf(await list(`?profile=${b}`))).toEqual([`${signals.middle}:FILLED`, `${signals.old}:CANCELED_MANUAL`]);
    expect(signalsOf(await list(`?pair=${x}`))).toEqual([`${signals.newest}:PLACED`, `${signals.old}:CANCELED_MANUAL`]);
    expect(signalsOf(await list('?status=FILLED'))).toEqual([`${signals.middle}:FILLED`]);
    expect(signalsOf(await list(`?profile=${a}&status=FILLED`))).toEqual([]);
    expect(signalsOf(await list(`?signal=${signals.old}`))).toEqual([`${signals.old}:CANCELED_MANUAL`]);
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    expect(signalsOf(await list(`?created_at_after=${encodeURIComponent(since)}`))).toEqual([`${signals.newest}:PLACED`]);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().slice(0, 10);
    expect(signalsOf(await list(`?created_at_before=${twoDaysAgo}`))).toEqual([`${signals.old}:CANCELED_MANUAL`]);
    expect(signalsOf(await list('?ordering=created_at'))).toEqual([`${signals.old}:CANCELED_MANUAL`, `${signals.middle}:FILLED`, `${signals.newest}:PLACED`]);
  });

  it('has one page size, and refuses malformed params with 400', async () => {
    await list(`?page_size=${ORDER_PAGE_SIZE}`);
    expect(await list('?page_size=50', full, 400)).toEqual({ page_size: [OWN_MESSAGES.valueInvalid] });
    expect(await list('?status=OPEN', full, 400)).toEqual({ status: [OWN_MESSAGES.valueInvalid] });
    expect(await list('?signal=0', full, 400)).toEqual({ signal: [OWN_MESSAGES.idInvalid] });
    expect(await list('?created_at_after=2024-13-01', full, 400)).toEqual({ created_at_after: [SIGNAL_MESSAGES.dateInvalid] });
    expect(await list('?ordering=price', full, 400)).toEqual({ ordering: [OWN_MESSAGES.orderingUnknown] });
  });

  it('at Limited answers only the group’s fields and refuses a filter on a hidden one', async () => {
    const full = await list('');
    expect(Object.keys(full.results[0]).sort()).toEqual(['id', ...SECTION_FIELDS.orders.filter((f) => f !== 'action'), 'action_state', 'profile_id'].sort());
    const limited = await session([{ section_name: 'orders', status: 'Limited', fields: ['status', 'price', 'created_at'] }]);
    const body = await list('?status=PLACED&ordering=-created_at', limited);
    expect(Object.keys(body.results[0]).sort()).toEqual(['created_at', 'id', 'price', 'status']);
    expect((await list(`?profile=${world.profiles[0].id}`, limited, 403)).detail).toBe(OWN_MESSAGES.fieldNotAllowed);
    expect((await list(`?signal=${signals.old}`, limited, 403)).detail).toBe(OWN_MESSAGES.fieldNotAllowed);
    const outsider = await session([{ section_name: 'orders', status: 'NP' }]);
    await list('', outsider, 403);
  });
});
