import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, SECTION_FIELDS, SIGNAL_MESSAGES, type Perm } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { makeSignal, makeSignalWorld, SignalWorld } from '../test/signal-fixtures';

const P = '/api/v2/signals/signals/';
const DAY = 24 * 60;

/** YYYY-MM-DD of the UTC day `days` before today. */
const utcDay = (days: number) => new Date(Date.now() - days * DAY * 60_000).toISOString().slice(0, 10);

describe('GET signals/signals/', () => {
  let ctx: TestContext;
  let world: SignalWorld;
  let full: string;
  const ids: Record<string, string> = {};
  const session = async (perms: Partial<Perm>[]) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms })).id)).access;
  const list = async (query: string, token = full, status = 200) => (await ctx.http().get(`${P}${query}`).set(...auth(token)).expect(status)).body;
  const idsOf = (body: { results: { id: string }[] }) => body.results.map((r) => r.id);

  beforeAll(async () => {
    ctx = await createTestApp();
    world = await makeSignalWorld(ctx.db);
    const [a, b] = world.profiles.map((p) => p.id);
    const [x, y] = world.pairs.map((p) => p.id);
    // Newest first: finished, missed, in queue, active_np, canceled, active filled, and a finished one three days old.
    ids.finished = await makeSignal(ctx.db, world, { profile: a, pair: x, status: 'finished', state: 'finished', execution: 100, ageMinutes: 10, position: 'closed' });
    ids.missed = await makeSignal(ctx.db, world, { profile: b, pair: y, status: 'missed', state: 'missed', ageMinutes: 20 });
    ids.queued = await makeSignal(ctx.db, world, { profile: a, pair: y, status: 'in_queue', state: 'active_np', ageMinutes: 25 });
    ids.activeNp = await makeSignal(ctx.db, world, { profile: a, pair: y, status: 'active', state: 'active_np', ageMinutes: 30, orders: ['PLACED', 'PLACING'] });
    ids.canceled = await makeSignal(ctx.db, world, { profile: b, pair: x, status: 'canceled', state: 'canceled_by_atr', ageMinutes: 40 });
    ids.filled = await makeSignal(ctx.db, world, { profile: a, pair: x, status: 'active', state: 'active_fp', execution: 100, ageMinutes: 50, position: 'open' });
    ids.old = await makeSignal(ctx.db, world, { profile: b, pair: x, status: 'finished', state: 'finished', execution: 100, ageMinutes: 3 * DAY, position: 'closed' });
    full = await session([{ section_name: 'signals', status: 'Full' }]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the signal fields, newest first, 200 a page, without missed signals by default', async () => {
    const body = await list('');
    expect(idsOf(body)).toEqual([ids.finished, ids.queued, ids.activeNp, ids.canceled, ids.filled, ids.old]);
    expect(body).toMatchObject({ count: 6, next: null, previous: null });
    const row = body.results[0];
    expect(row).toMatchObject({
      id: ids.finished,
      profile: world.profiles[0].title,
      profile_id: world.profiles[0].id,
      pair: world.pairs[0].ticker,
      timeframe: '1h',
      direction: 'long',
      status: 'finished',
      state: 'finished',
      action_state: 'NONE',
      execution: 100,
      size_currency: 250.5,
      pnl_in_usd: 12.345,
      avg_e_price: null,
    });
    expect(Object.keys(row).sort()).toEqual(['id', ...SECTION_FIELDS.signals].sort());
    // Created ten minutes ago and finished now: about a sixth of an hour, in hours with 2 decimals.
    expect(row.time_per_signal).toBeGreaterThanOrEqual(0.15);
    expect(row.time_per_signal).toBeLessThanOrEqual(0.2);
    expect(row.time_per_signal).toBe(Number(row.time_per_signal.toFixed(2)));
  });

  it('shows missed signals with show_missed, or when the status asked for is missed', async () => {
    expect(idsOf(await list('?show_missed=true'))).toEqual([ids.finished, ids.missed, ids.queued, ids.activeNp, ids.canceled, ids.filled, ids.old]);
    expect(idsOf(await list('?status=missed'))).toEqual([ids.missed]);
    expect(idsOf(await list('?status=missed&show_missed=false'))).toEqual([]);
  });

  it('show_unfilled keeps only signals nothing was filled for (execution 0)', async () => {
    expect(idsOf(await list('?show_unfilled=true'))).toEqual([ids.queued, ids.activeNp, ids.canceled]);
    expect(idsOf(await list('?show_unfilled=true&show_missed=true'))).toEqual([ids.missed, ids.queued, ids.activeNp, ids.canceled]);
    expect(idsOf(await list('?show_unfilled=false'))).toHaveLength(6);
  });

  it('filters by profile, pair and status, alone and together', async () => {
    const [a, b] = world.profiles.map((p) => p.id);
    const [x, y] = world.pairs.map((p) => p.id);
    expect(idsOf(await list(`?profile=${b}`))).toEqual([ids.canceled, ids.old]);
    expect(idsOf(await list(`?pair=${y}`))).toEqual([ids.queued, ids.activeNp]);
    expect(idsOf(await list('?status=active'))).toEqual([ids.activeNp, ids.filled]);
    expect(idsOf(await list('?status=in_queue'))).toEqual([ids.queued]);
    expect(idsOf(await list(`?profile=${a}&status=finished`))).toEqual([ids.finished]);
    expect(idsOf(await list(`?pair=${x}&status=active&profile=${a}`))).toEqual([ids.filled]);
    expect(idsOf(await list('?profile=999999'))).toEqual([]);
  });

  it('filters by the created_at range: a day means the whole UTC day, an instant is exact', async () => {
    expect(idsOf(await list(`?created_at_before=${utcDay(2)}`))).toEqual([ids.old]);
    expect(idsOf(await list(`?created_at_after=${utcDay(3)}&created_at_before=${utcDay(3)}`))).toEqual([ids.old]);
    expect(idsOf(await list(`?created_at_after=${utcDay(1)}`))).toHaveLength(5);
    const since = new Date(Date.now() - 35 * 60_000).toISOString();
    expect(idsOf(await list(`?created_at_after=${encodeURIComponent(since)}`))).toEqual([ids.finished, ids.queued, ids.activeNp]);
    const until = new Date(Date.now() - 35 * 60_000).toISOString().replace('Z', '+00:00');
    expect(idsOf(await list(`?created_at_before=${encodeURIComponent(until)}&created_at_after=${utcDay(1)}`))).toEqual([ids.canceled, ids.filled]);
  });

  it('sorts by created_at either way and pages with links', async () => {
    expect(idsOf(await list('?ordering=created_at'))).toEqual([ids.old, ids.filled, ids.canceled, ids.activeNp, ids.queued, ids.finished]);
    const first = await list('?page_size=10&ordering=-created_at');
    expect(idsOf(first)).toHaveLength(6);
    const small = await ctx.http().get(`${P}?page_size=10&show_missed=true`).set(...auth(full)).expect(200);
    expect(small.body.count).toBe(7);
  });

  it('refuses malformed params with 400 and the field’s message', async () => {
    expect(await list('?status=lost', full, 400)).toEqual({ status: [OWN_MESSAGES.valueInvalid] });
    expect(await list('?page_size=30', full, 400)).toEqual({ page_size: [OWN_MESSAGES.valueInvalid] });
    expect(await list('?created_at_before=2024-02-30', full, 400)).toEqual({ created_at_before: [SIGNAL_MESSAGES.dateInvalid] });
    expect(await list('?created_at_after=yesterday', full, 400)).toEqual({ created_at_after: [SIGNAL_MESSAGES.dateInvalid] });
    expect(await list('?created_at_after=2024-05-01T25:00:00Z', full, 400)).toEqual({ created_at_after: [SIGNAL_MESSAGES.dateInvalid] });
    expect(await list('?ordering=pnl_in_usd', full, 400)).toEqual({ ordering: [OWN_MESSAGES.orderingUnknown] });
    expect(await list('?profile=abc', full, 400)).toEqual({ profile: [OWN_MESSAGES.wholeNumberExpected] });
    expect(await list('?show_missed=maybe', full, 400)).toEqual({ show_missed: [OWN_MESSAGES.booleanExpected] });
  });

  it('at Limited answers only the group’s fields and the id, and refuses what the group may not filter or sort on', async () => {
    const limited = await session([{ section_name: 'signals', status: 'Limited', fields: ['status', 'pair', 'created_at'] }]);
    const body = await list('', limited);
    expect(Object.keys(body.results[0]).sort()).toEqual(['created_at', 'id', 'pair', 'status']);
    await list(`?status=finished&pair=${world.pairs[0].id}&created_at_after=${utcDay(5)}&ordering=created_at`, limited);
    expect((await list(`?profile=${world.profiles[0].id}`, limited, 403)).detail).toBe(OWN_MESSAGES.fieldNotAllowed);
    expect((await list('?show_unfilled=true', limited, 403)).detail).toBe(OWN_MESSAGES.fieldNotAllowed);
    const noFilter = await session([{ section_name: 'signals', status: 'Limited', fields: ['status', 'created_at'], filtering: false, sorting: true }]);
    expect((await list('?status=finished', noFilter, 403)).detail).toBe(OWN_MESSAGES.filteringNotAllowed);
    await list('?ordering=-created_at', noFilter);
    const noSort = await session([{ section_name: 'signals', status: 'Limited', fields: ['status', 'created_at'], filtering: true, sorting: false }]);
    expect((await list('?ordering=created_at', noSort, 403)).detail).toBe(OWN_MESSAGES.sortingNotAllowed);
    await list('?status=finished', noSort);
  });

  it('at Limited keeps finished signals only with is_only_finished, and only the newest signals_count', async () => {
    const onlyFinished = await session([{ section_name: 'signals', status: 'Limited', fields: ['status'], is_only_finished: true }]);
    expect(idsOf(await list('?show_missed=true', onlyFinished))).toEqual([ids.finished, ids.old]);
    const newestThree = await session([{ section_name: 'signals', status: 'Limited', fields: ['status'], signals_count: 3 }]);
    // The window is the newest three of all signals (the missed one among them); filters apply inside it.
    const windowed = await list('?show_missed=true', newestThree);
    expect(idsOf(windowed)).toEqual([ids.finished, ids.missed, ids.queued]);
    expect(windowed.count).toBe(3);
    expect(idsOf(await list('', newestThree))).toEqual([ids.finished, ids.queued]);
    const newestFinished = await session([{ section_name: 'signals', status: 'Limited', fields: ['status'], is_only_finished: true, signals_count: 1 }]);
    expect(idsOf(await list('', newestFinished))).toEqual([ids.finished]);
    // ReadOnly and Full see every signal whatever the perm's count says.
    const reader = await session([{ section_name: 'signals', status: 'ReadOnly', signals_count: 1, is_only_finished: true }]);
    expect(idsOf(await list('', reader))).toHaveLength(6);
  });

  it('is closed to a group without the signals section', async () => {
    const outsider = await session([{ section_name: 'signals', status: 'NP' }]);
    await list('', outsider, 403);
    await ctx.http().get(P).expect(401);
  });
});
