import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, STRATEGY_PROFILE_MESSAGES as M } from '@console/contracts';
import { strategySettingsV1 } from '../demo/trading-data';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';

const P = '/api/v2/strategies/profiles/';

describe('strategy profiles', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let full: string;
  let limitedNoAdd: string;
  let mmId: number;
  let accountId: number;
  let tickersId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    engine = await startEngine(ctx);
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'profiles', status: 'Full' }] })).id)).access;
    const perm = { section_name: 'profiles' as const, status: 'Limited' as const, fields: ['title', 'status', 'profile_direction'], filtering: true, sorting: true };
    limitedNoAdd = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [perm] })).id)).access;
    [{ id: accountId }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('SP account', 'k', 'x', 5) RETURNING id`);
    [{ id: mmId }] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('SP money', $1, 2, 1, 100) RETURNING id`,
      [accountId],
    );
    [{ id: tickersId }] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('SP list') RETURNING id`);
    const [{ id: pairId }] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('SPXUSDT', true) RETURNING id`);
    await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tickersId, pairId]);
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const post = (body: object, status: number, token = full) => ctx.http().post(P).set(...auth(token)).send(body).expect(status);
  const put = (path: string, body: object, status: number) => ctx.http().put(`${P}${path}`).set(...auth(full)).send(body).expect(status);
  /** A complete, valid settings document (the generator's), as the wizard's steps would have saved it. */
  const completeSettings = (id: number) => ctx.db.query(`UPDATE strategy_profiles SET settings = $2::jsonb WHERE id = $1`, [id, JSON.stringify(strategySettingsV1('long', '1h', 1))]);
  const statusOf = async (id: number) => (await ctx.db.query(`SELECT status FROM strategy_profiles WHERE id = $1`, [id]))[0].status as string;

  it('creates a draft with its MM profile’s account, list and pairs; finishing needs title, MM profile, tickers and the settings', async () => {
    const bare = (await post({ title: 'Bare' }, 201)).body;
    expect(bare).toMatchObject({ status: 'draft', mm_profile: null, tickers: null, exchange_account: null, pairs: [], profile_direction: 'long' });
    expect((await put(`${bare.id}/`, { status: 'inactive' }, 400)).body).toEqual({ custom_error: [M.incomplete] });

    const full1 = (await post({ title: 'Breakout', mm_profile: mmId, tickers: tickersId }, 201)).body;
    expect(full1).toMatchObject({
      mm_profile: { id: mmId, title: 'SP money' },
      exchange_account: { id: accountId, title: 'SP account' },
      tickers: tickersId,
      ticker_configs_name: 'SP list',
      pairs: ['SPXUSDT'],
    });
    await completeSettings(full1.id);
    expect((await put(`${full1.id}/`, { status: 'inactive' }, 200)).body.status).toBe('inactive');
  });

  it('answers the spec’s messages and refuses unknown links', async () => {
    expect((await post({ title: '' }, 400)).body).toEqual({ title: [M.titleBlank] });
    expect((await post({ title: 'x'.repeat(65) }, 400)).body).toEqual({ title: [M.titleTooLong] });
    expect((await post({ title: 'Lost', mm_profile: 2_000_000 }, 400)).body).toEqual({ mm_profile: [M.mmProfileUnknown] });
    expect((await post({ title: 'Lost', tickers: 2_000_000 }, 400)).body).toEqual({ tickers: [M.tickersUnknown] });
    expect((await post({ title: 'Lost', template: 2_000_000 }, 400)).body).toEqual({ template: [M.templateUnknown] });
  });

  it('a template gives its direction, time frame and settings to the new draft', async () => {
    const [{ id: templateId }] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, settings) VALUES ('Template', 'draft', 'short', '4h', '{"signal_settings": {"atr_n_periods": 14}}') RETURNING id`,
    );
    const copy = (await post({ title: 'From template', template: templateId }, 201)).body;
    expect(copy).toMatchObject({ template: templateId, profile_direction: 'short', timeframe: '4h' });
    const [{ settings }] = await ctx.db.query(`SELECT settings FROM strategy_profiles WHERE id = $1`, [copy.id]);
    expect(settings).toEqual({ signal_settings: { atr_n_periods: 14 } });
  });

  it('starts and stops through the engine; a running profile takes no edit; a draft cannot start', async () => {
    const created = (await post({ title: 'Runner', mm_profile: mmId, tickers: tickersId }, 201)).body;
    expect((await put(`${created.id}/start/`, {}, 400)).body).toEqual({ detail: M.draftCannotStart });
    await completeSettings(created.id);
    await put(`${created.id}/`, { status: 'inactive' }, 200);
    await engine.held(async () => {
      const started = (await put(`${created.id}/start/`, {}, 200)).body;
      expect(started).toMatchObject({ status: 'active', action_state: 'CHANGING' });
      expect((await put(`${created.id}/`, { title: 'Changed' }, 400)).body).toEqual({ detail: M.onlyWhenStopped });
      expect((await put(`${created.id}/`, { status: 'inactive' }, 400)).body).toEqual({ detail: M.statusByActions });
      // Asked again while the engine works on it: the same command (a double click), no second one.
      await put(`${created.id}/start/`, {}, 200);
    });
    await waitUntil(async () => (await ctx.db.query(`SELECT action_state FROM strategy_profiles WHERE id = $1`, [created.id]))[0].action_state === 'CHANGED', 10_000);
    expect((await put(`${created.id}/start/`, {}, 400)).body).toEqual({ detail: M.cannotStart });
    const stopping = (await put(`${created.id}/stop/`, {}, 200)).body;
    expect(stopping.status).toBe('stopping');
    await waitUntil(async () => (await statusOf(created.id)) === 'inactive', 10_000);
    const kinds = await ctx.db.query(`SELECT kind FROM engine_commands WHERE target_type = 'strategy_profile' AND target_id = $1 ORDER BY id`, [created.id]);
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['start_profile', 'stop_profile']);
    expect((await put(`${created.id}/stop/`, {}, 400)).body).toEqual({ detail: M.cannotStop });
  });

  it('lists picked profiles unless show_hide, filters and sorts by direction; Limited needs the add field to create', async () => {
    const hidden = (await post({ title: 'Hidden one' }, 201)).body;
    await put(`${hidden.id}/`, { is_show: false }, 200);
    const titles = async (qs: string) => ((await ctx.http().get(`${P}?page_size=100${qs}`).set(...auth(full)).expect(200)).body.results as { title: string }[]).map((r) => r.title);
    expect(await titles('')).not.toContain('Hidden one');
    expect(await titles('&show_hide=true')).toContain('Hidden one');
    expect(await titles('&direction=short')).toEqual(['From template', 'Template']);
    const sorted = await titles('&show_hide=true&ordering=-profile_direction');
    expect(sorted[0]).toBe('From template');
    expect((await ctx.http().get(`${P}?ordering=title`).set(...auth(full)).expect(400)).body).toEqual({ ordering: [OWN_MESSAGES.orderingUnknown] });
    expect((await ctx.http().get(`${P}for-filters/?search=runn`).set(...auth(full)).expect(200)).body.results).toEqual([{ id: expect.any(Number), title: 'Runner' }]);

    const limited = (await ctx.http().get(P).set(...auth(limitedNoAdd)).expect(200)).body.results[0];
    expect(Object.keys(limited).sort()).toEqual(['id', 'profile_direction', 'status', 'title']);
    await post({ title: 'Not allowed' }, 403, limitedNoAdd);
    const toggled = await ctx.http().put(`${P}${hidden.id}/`).set(...auth(limitedNoAdd)).send({ is_show: true }).expect(403);
    expect(toggled.body.detail).toBe(OWN_MESSAGES.actionNotAllowed('Strategy profile visibility'));
    await ctx.http().get(`${P}?show_hide=true`).set(...auth(limitedNoAdd)).expect(403);
  });
});
