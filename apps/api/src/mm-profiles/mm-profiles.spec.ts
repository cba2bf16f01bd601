import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MM_PROFILE_MESSAGES as M, OWN_MESSAGES } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';

const P = '/api/v2/strategies/mm-profiles/';

describe('MM profiles', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let full: string;
  let limited: string;
  let accountId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'mm_profiles', status: 'Full' }] })).id)).access;
    const limitedPerm = { section_name: 'mm_profiles' as const, status: 'Limited' as const, fields: ['title', 'status', 'one_signal_quota'], filtering: true, sorting: true };
    limited = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [limitedPerm] })).id)).access;
    [{ id: accountId }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('MM account', 'k', 'x', 5) RETURNING id`);
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const valid = () => ({ title: 'Conservative', max_signals_amount: 3, max_factor_amount: 1.5, all_signals_quota: 1000, exchange_account: accountId });
  const post = (body: object, status: number) => ctx.http().post(P).set(...auth(full)).send(body).expect(status);
  const put = (id: number, body: object, status: number) => ctx.http().put(`${P}${id}/`).set(...auth(full)).send(body).expect(status);
  const statusOf = async (id: number) => (await ctx.db.query(`SELECT status FROM mm_profiles WHERE id = $1`, [id]))[0].status as string;

  it('creates a profile; the server computes one signal quota to 2 decimals', async () => {
    const res = await post(valid(), 201);
    expect(res.body).toMatchObject({
      title: 'Conservative',
      max_signals_amount: 3,
      max_factor_amount: 1.5,
      all_signals_quota: 1000,
      one_signal_quota: 333.33,
      exchange_account: { id: accountId, title: 'MM account' },
      status: 'inactive',
      is_show: true,
      profiles: [],
    });
  });

  it('answers the spec’s messages for each missing field and refuses an unknown account', async () => {
    const res = await post({}, 400);
    expect(res.body).toEqual({
      title: [M.titleBlank],
      max_signals_amount: [M.maxSignalsBlank],
      max_factor_amount: [M.maxFactorBlank],
      all_signals_quota: [M.allSignalsQuotaBlank],
      exchange_account: [M.exchangeAccountBlank],
    });
    expect((await post({ ...valid(), title: 'x'.repeat(65) }, 400)).body).toEqual({ title: [M.titleTooLong] });
    expect((await post({ ...valid(), max_signals_amount: 0 }, 400)).body).toEqual({ max_signals_amount: [M.maxSignalsInvalid] });
    expect((await post({ ...valid(), all_signals_quota: -1 }, 400)).body).toEqual({ all_signals_quota: [M.amountInvalid] });
    expect((await post({ ...valid(), exchange_account: 2_000_000 }, 400)).body).toEqual({ exchange_account: [M.exchangeAccountUnknown] });
  });

  it('lists visible profiles by default with a summary over every match, filters by status, visibility and direction', async () => {
    const a = (await post({ ...valid(), title: 'Sum A', all_signals_quota: 100.1, max_signals_amount: 3 }, 201)).body;
    const b = (await post({ ...valid(), title: 'Sum B', all_signals_quota: 200.2, max_signals_amount: 2 }, 201)).body;
    await put(b.id, { is_show: false }, 200);
    const list = async (qs: string, token = full) => (await ctx.http().get(`${P}?page_size=500${qs}`).set(...auth(token)).expect(200)).body;
    const titles = (body: { results: { title: string }[] }) => body.results.map((r) => r.title).filter((t) => t.startsWith('Sum'));
    expect(titles(await list(''))).toEqual(['Sum A']);
    expect(titles(await list('&visibility=hidden'))).toEqual(['Sum B']);
    expect(titles(await list('&visibility=all'))).toEqual(['Sum B', 'Sum A']);

    const [{ all, one }] = await ctx.db.query(`SELECT sum(all_signals_quota)::float AS all, sum(one_signal_quota)::float AS one FROM mm_profiles`);
    const everything = await list('&visibility=all');
    expect(everything.summary).toEqual({ sum_all_signals_quota: all, sum_one_signal_quota: one });
    expect(everything.count).toBe(everything.results.length);

    const order = await makeOrder(ctx.db);
    const [{ mm }] = await ctx.db.query(`SELECT mm_profile_id AS mm FROM strategy_profiles WHERE id = $1`, [order.profileId]);
    const longs = await list('&visibility=all&direction=long');
    expect(longs.results.map((r: { id: number }) => r.id)).toEqual([mm]);
    expect(longs.results[0].profiles).toEqual([{ id: order.profileId, title: expect.any(String) }]);
    expect((await list('&visibility=all&direction=short')).results).toEqual([]);
    expect(titles(await list('&visibility=all&status=active'))).toEqual([]);
    expect((await ctx.http().get(`${P}?status=gone`).set(...auth(full)).expect(400)).body).toEqual({ status: [OWN_MESSAGES.valueInvalid] });
    expect(a.id).toBeLessThan(b.id);
  });

  it('at Limited answers only the group’s fields, sums only what it sees, and refuses a filter on a hidden field', async () => {
    const body = (await ctx.http().get(P).set(...auth(limited)).expect(200)).body;
    expect(Object.keys(body.results[0]).sort()).toEqual(['id', 'one_signal_quota', 'status', 'title']);
    expect(Object.keys(body.summary)).toEqual(['sum_one_signal_quota']);
    await ctx.http().get(`${P}?status=inactive`).set(...auth(limited)).expect(200);
    const refused = await ctx.http().get(`${P}?direction=long`).set(...auth(limited)).expect(403);
    expect(refused.body.detail).toBe(OWN_MESSAGES.fieldNotAllowed);
  });

  it('starts and stops through the engine; the form changes only an inactive profile', async () => {
    const { id } = (await post({ ...valid(), title: 'Runner' }, 201)).body;
    // The engine waits meanwhile: what the form allows while a start or a stop is pending must not race it.
    await engine.held(async () => {
      const started = await put(id, { status: 'active' }, 200);
      expect(started.body.status).toBe('active');
      expect((await put(id, { title: 'Renamed' }, 400)).body).toEqual({ detail: M.onlyInactive });
      const stopped = await put(id, { status: 'inactive' }, 200);
      expect(stopped.body.status).toBe('stopping');
      expect((await put(id, { status: 'active' }, 400)).body).toEqual({ detail: M.statusMoveInvalid });
    });
    await waitUntil(async () => (await statusOf(id)) === 'inactive', 10_000);
    const kinds = await ctx.db.query(`SELECT kind, status FROM engine_commands WHERE target_type = 'mm_profile' AND target_id = $1 ORDER BY id`, [id]);
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['start_mm_profile', 'stop_mm_profile']);
    const edited = await put(id, { title: 'Renamed', all_signals_quota: 90, max_signals_amount: 4 }, 200);
    expect(edited.body).toMatchObject({ title: 'Renamed', all_signals_quota: 90, one_signal_quota: 22.5 });
  });

  it('keeps the account of a profile strategy profiles use; for-filters searches titles', async () => {
    const order = await makeOrder(ctx.db);
    const [{ mm }] = await ctx.db.query(`SELECT mm_profile_id AS mm FROM strategy_profiles WHERE id = $1`, [order.profileId]);
    expect((await put(mm, { exchange_account: accountId }, 400)).body).toEqual({ exchange_account: [M.accountInUse] });
    const options = await ctx.http().get(`${P}for-filters/?mm_profile=runner`).set(...auth(full)).expect(200);
    expect(options.body.results).toEqual([]);
    const renamed = await ctx.http().get(`${P}for-filters/?mm_profile=renam`).set(...auth(full)).expect(200);
    expect(renamed.body.results).toEqual([{ id: expect.any(Number), title: 'Renamed' }]);
    await ctx.http().get(`${P}2000000/`).set(...auth(full)).expect(404);
  });
});
