import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRATEGY_PROFILE_MESSAGES, STRATEGY_SETTINGS_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';

const S = '/api/v2/strategies/strategy-settings/';

describe('strategy settings through the API', () => {
  let ctx: TestContext;
  let editor: string;
  let profilesOnly: string;
  const profile = async (status: string) =>
    (await ctx.db.query(`INSERT INTO strategy_profiles (title, status, profile_direction) VALUES ($1, 'draft', 'long') RETURNING id`, [`Settings ${status}`]))[0].id as number;
  beforeAll(async () => {
    ctx = await createTestApp();
    editor = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'profile_settings', status: 'Full' }] })).id)).access;
    profilesOnly = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'profiles', status: 'Full' }] })).id)).access;
  });
  afterAll(() => ctx?.close());

  const put = (id: number, settings: object, status: number, token = editor) =>
    ctx.http().put(`${S}${id}/`).set(...auth(token)).send({ schema_type: 'v1', settings }).expect(status);

  it('saves a draft step by step: numeric strings become numbers, empty values go, the price direction sets the profile’s', async () => {
    const id = await profile('draft');
    const saved = await put(id, { deviation_settings: { limit_funding_rate: '0.5', limit_price_deviation: 0.7, note: '' } }, 200);
    expect(saved.body).toEqual({ schema_type: 'v1', settings: { deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.7 } } });
    const signal = { timeframe: '4h', atr_n_periods: 14, atr_smooth_algo: 'ema', atr_threshold_percents: 2, price_direction: 'fall', start_point_coefficient: 0.5, timer_minutes: 30, signal_duration_minutes: 60, is_atr_minus_1: false };
    await put(id, { signal_settings: signal }, 200);
    const [row] = await ctx.db.query(`SELECT profile_direction, timeframe FROM strategy_profiles WHERE id = $1`, [id]);
    expect(row).toEqual({ profile_direction: 'short', timeframe: '4h' });
  });

  it('names each refused field under settings with the spec’s message, and writes nothing', async () => {
    const id = await profile('draft');
    const res = await put(id, { signal_settings: { atr_n_periods: 60 }, deviation_settings: { limit_funding_rate: 0.01, limit_price_deviation: 0.5 } }, 400);
    expect(res.body['settings.signal_settings.atr_n_periods']).toEqual([M.nPeriods]);
    expect(res.body['settings.deviation_settings.limit_funding_rate']).toEqual([M.deviationMin]);
    expect(res.body['settings.signal_settings.timeframe']).toEqual([M.timeframeBlank]);
    const [{ settings }] = await ctx.db.query(`SELECT settings FROM strategy_profiles WHERE id = $1`, [id]);
    expect(settings).toEqual({});
  });

  it('refuses a key the schema does not know, at any depth, naming it, and writes nothing', async () => {
    const id = await profile('draft');
    const deviation = { limit_funding_rate: 0.5, limit_price_deviation: 0.5 };
    const refused = async (settings: object) => (await put(id, settings, 400)).body;
    expect(await refused({ deviation_settings: { ...deviation, engine_override: 1 } })).toEqual({ 'settings.deviation_settings.engine_override': [M.unknownKey] });
    expect(await refused({ deviation_settings: deviation, extra_block: { a: 1 } })).toEqual({ 'settings.extra_block': [M.unknownKey] });
    expect(await refused({ order_management_settings: { enter_orders: [{ size_percent: 50, hidden: true }] } })).toEqual({ 'settings.order_management_settings.enter_orders.0.hidden': [M.unknownKey] });
    expect(await refused({ indications_settings: [{ opp_settings: { is_enabled: false, x: 1 } }] })).toEqual({ 'settings.indications_settings.0.opp_settings.x': [M.unknownKey] });
    expect(await refused({ monitoring_tag_settings: { block_signals: { nested: 'blob' } } })).toEqual({ 'settings.monitoring_tag_settings.block_signals': [M.valueExpected] });
    const [{ settings }] = await ctx.db.query(`SELECT settings FROM strategy_profiles WHERE id = $1`, [id]);
    expect(settings).toEqual({});
    // A body within the documented bounds of known keys still saves.
    await put(id, { deviation_settings: deviation, monitoring_tag_settings: { block_signals: true }, delisting_settings: { block_signals: false } }, 200);
  });

  it('a new profile from a template gets only the keys the schema knows', async () => {
    const stored = { deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5, legacy: 'x' }, old_block: { a: 1 }, delisting_settings: { block_signals: true } };
    const [{ id: template }] = await ctx.db.query(`INSERT INTO strategy_profiles (title, status, profile_direction, settings) VALUES ('Old template', 'draft', 'long', $1::jsonb) RETURNING id`, [JSON.stringify(stored)]);
    const maker = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'profiles', status: 'Full' }] })).id)).access;
    const created = (await ctx.http().post('/api/v2/strategies/profiles/').set(...auth(maker)).send({ title: 'From old', template }).expect(201)).body;
    const [{ settings }] = await ctx.db.query(`SELECT settings FROM strategy_profiles WHERE id = $1`, [created.id]);
    expect(settings).toEqual({ deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 }, delisting_settings: { block_signals: true } });
  });

  /** A profile past the wizard (MM profile, account and ticker list set) in the given status. */
  const finished = async (status: 'inactive' | 'active') => {
    const [{ id: account }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Set account', 'k', 'x', 5) RETURNING id`);
    const [{ id: mm }] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Set mm', $1, 2, 1, 100) RETURNING id`,
      [account],
    );
    const [{ id: tickers }] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('Set list') RETURNING id`);
    const [{ id }] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, mm_profile_id, exchange_account_id, ticker_config_id) VALUES ($1, $2, 'long', $3, $4, $5) RETURNING id`,
      [`Finished ${status}`, status, mm, account, tickers],
    );
    return id as number;
  };

  it('a finished profile’s document must be whole; a running one cannot change', async () => {
    const inactive = await finished('inactive');
    const partial = await put(inactive, { deviation_settings: { limit_funding_rate: 0.5, limit_price_deviation: 0.5 } }, 400);
    expect(partial.body['settings.signal_settings.timeframe']).toEqual([M.timeframeBlank]);
    expect(partial.body['settings.order_management_settings.orders_quantity']).toEqual([M.ordersQuantity]);
    const running = await finished('active');
    expect((await put(running, {}, 400)).body).toEqual({ detail: STRATEGY_PROFILE_MESSAGES.onlyWhenStopped });
  });

  it('is guarded by the profile-settings section, not the profiles one', async () => {
    const id = await profile('draft');
    await ctx.http().get(`${S}${id}/`).set(...auth(profilesOnly)).expect(403);
    await put(id, {}, 403, profilesOnly);
    expect((await ctx.http().get(`${S}${id}/`).set(...auth(editor)).expect(200)).body).toEqual({ schema_type: 'v1', settings: {} });
  });
});
