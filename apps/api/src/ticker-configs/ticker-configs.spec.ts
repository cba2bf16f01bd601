import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, TICKER_CONFIG_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';

const A = '/api/v2/strategies/tickers-configs/';

describe('ticker configs', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let full: string;
  let readOnly: string;
  let pairs: Record<string, number>;
  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'tickers_configs', status: 'Full' }] })).id)).access;
    readOnly = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'tickers_configs', status: 'ReadOnly' }] })).id)).access;
    const rows: { id: number; ticker: string }[] = await ctx.db.query(
      `INSERT INTO pairs (ticker, is_active) VALUES ('TCBTCUSDT', true), ('TCETHUSDT', true), ('TCSOLUSDT', true), ('TCOFFUSDT', false) RETURNING id, ticker`,
    );
    pairs = Object.fromEntries(rows.map((r) => [r.ticker, r.id]));
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const post = (body: object, status: number, token = full) => ctx.http().post(A).set(...auth(token)).send(body).expect(status);
  const put = (id: number, body: object, status: number) => ctx.http().put(`${A}${id}/`).set(...auth(full)).send(body).expect(status);
  const stored = async (id: number) => (await ctx.db.query(`SELECT status, title FROM ticker_configs WHERE id = $1`, [id]))[0] as { status: string; title: string } | undefined;
  const settledAs = (id: number, status: string) => waitUntil(async () => (await stored(id))?.status === status, 10_000);

  it('creates an inactive config with its pairs by ticker, and logs it', async () => {
    const res = await post({ title: '  Majors ', status: 'inactive', pairs: [pairs.TCSOLUSDT, pairs.TCBTCUSDT, pairs.TCBTCUSDT] }, 201);
    expect(res.body).toMatchObject({ title: 'Majors', status: 'inactive', pairs: [pairs.TCBTCUSDT, pairs.TCSOLUSDT], tickers: ['TCBTCUSDT', 'TCSOLUSDT'] });
    const log = await ctx.db.query(`SELECT 1 FROM logs WHERE event_type = 'ticker_config_created' AND (log_data->>'ticker_config_id')::int = $1`, [res.body.id]);
    expect(log).toHaveLength(1);
  });

  it('answers the spec’s messages for a missing title or status, and refuses unknown or switched-off pairs', async () => {
    expect((await post({ title: ' ', status: 'inactive' }, 400)).body).toEqual({ title: [M.titleBlank] });
    expect((await post({ title: 'No status' }, 400)).body).toEqual({ status: [M.statusRequired] });
    expect((await post({ title: 'Odd', status: 'starting' }, 400)).body).toEqual({ status: [M.statusInvalid] });
    expect((await post({ title: 'Off', status: 'inactive', pairs: [pairs.TCOFFUSDT] }, 400)).body).toEqual({ pairs: [M.pairsNotActive] });
    expect((await post({ title: 'Gone', status: 'inactive', pairs: [2_000_000] }, 400)).body).toEqual({ pairs: [M.pairsNotActive] });
    expect((await post({ title: 'Bad id', status: 'inactive', pairs: ['x'] }, 400)).body).toEqual({ pairs: [OWN_MESSAGES.idInvalid] });
    expect(await ctx.db.query(`SELECT 1 FROM ticker_configs WHERE title IN ('Off', 'Gone', 'Bad id')`)).toHaveLength(0);
  });

  it('switching on is an engine command: starting at once, active once the engine is done', async () => {
    const { body } = await post({ title: 'Go live', status: 'active', pairs: [pairs.TCETHUSDT] }, 201);
    expect(body.status).toBe('starting');
    const [command] = await ctx.db.query(`SELECT kind FROM engine_commands WHERE target_type = 'ticker_config' AND target_id = $1`, [body.id]);
    expect(command).toEqual({ kind: 'start_ticker_config' });
    await settledAs(body.id, 'active');
  });

  it('an active config takes nothing but a switch-off: no save, no new tickers, no delete', async () => {
    const { body } = await post({ title: 'Locked', status: 'active', pairs: [pairs.TCETHUSDT] }, 201);
    await settledAs(body.id, 'active');
    for (const change of [{ title: 'Renamed' }, { pairs: [pairs.TCBTCUSDT] }, { status: 'active' }, { title: 'Renamed', status: 'inactive' }]) {
      expect((await put(body.id, change, 400)).body).toEqual({ detail: M.activeLocked });
    }
    expect((await ctx.http().delete(`${A}${body.id}/`).set(...auth(full)).expect(400)).body).toEqual({ detail: M.activeLocked });
    expect(await stored(body.id)).toEqual({ status: 'active', title: 'Locked' });

    const off = await put(body.id, { status: 'inactive', title: 'Locked', pairs: [pairs.TCETHUSDT] }, 200);
    expect(off.body.status).toBe('stopping');
    await settledAs(body.id, 'inactive');
    const edited = await put(body.id, { title: 'Unlocked', pairs: [pairs.TCBTCUSDT, pairs.TCETHUSDT] }, 200);
    expect(edited.body).toMatchObject({ title: 'Unlocked', status: 'inactive', tickers: ['TCBTCUSDT', 'TCETHUSDT'] });
  });

  it('a list a running strategy profile trades cannot be switched off, and one any profile uses cannot be deleted', async () => {
    const order = await makeOrder(ctx.db);
    const [{ id }] = await ctx.db.query(`SELECT ticker_config_id AS id FROM strategy_profiles WHERE id = $1`, [order.profileId]);
    await ctx.db.query(`UPDATE ticker_configs SET status = 'active' WHERE id = $1`, [id]);
    expect((await put(id, { status: 'inactive' }, 400)).body).toEqual({ detail: M.usedByRunningProfile });
    expect(await stored(id)).toMatchObject({ status: 'active' });
    expect(await ctx.db.query(`SELECT 1 FROM engine_commands WHERE target_type = 'ticker_config' AND target_id = $1`, [id])).toHaveLength(0);

    await ctx.db.query(`UPDATE strategy_profiles SET status = 'inactive' WHERE id = $1`, [order.profileId]);
    await put(id, { status: 'inactive' }, 200);
    await settledAs(id, 'inactive');
    expect((await ctx.http().delete(`${A}${id}/`).set(...auth(full)).expect(400)).body).toEqual({ detail: M.usedByProfiles });
  });

  it('deletes an inactive unused config, and 404s it after', async () => {
    const { body } = await post({ title: 'Short-lived', status: 'inactive' }, 201);
    await ctx.http().delete(`${A}${body.id}/`).set(...auth(full)).expect(204);
    await ctx.http().delete(`${A}${body.id}/`).set(...auth(full)).expect(404);
    await put(body.id, { title: 'x' }, 404);
  });

  it('lists newest first, sorts by created or updated either way, refuses other orderings; ReadOnly reads but cannot write', async () => {
    const a = (await post({ title: 'Sort A', status: 'inactive' }, 201)).body;
    const b = (await post({ title: 'Sort B', status: 'inactive' }, 201)).body;
    await put(a.id, { title: 'Sort A2' }, 200);
    const ids = async (query: string) =>
      ((await ctx.http().get(`${A}?page_size=100${query}`).set(...auth(readOnly)).expect(200)).body.results as { id: number }[]).map((r) => r.id).filter((id) => id === a.id || id === b.id);
    expect(await ids('')).toEqual([b.id, a.id]);
    expect(await ids('&ordering=created_at')).toEqual([a.id, b.id]);
    expect(await ids('&ordering=-updated_at')).toEqual([a.id, b.id]);
    expect(await ids('&ordering=updated_at')).toEqual([b.id, a.id]);
    const refused = await ctx.http().get(`${A}?ordering=title`).set(...auth(full)).expect(400);
    expect(refused.body).toEqual({ ordering: [OWN_MESSAGES.orderingUnknown] });
    await post({ title: 'Not allowed', status: 'inactive' }, 403, readOnly);
  });
});
