import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRATEGY_PROFILE_MESSAGES as M, STRATEGY_SETTINGS_MESSAGES as S, validateStrategySettings, type Direction, type Timeframe } from '@console/contracts';
import { generateTradingData, strategySettingsV1, type TradingDataSizes } from '../demo/trading-data';
import { auth, makeUser, sessionFor } from '../test/factories';
import { waitUntil } from '../test/fake-telegram';
import { createTestApp, TestContext } from '../test/harness';

const P = '/api/v2/strategies/profiles/';
const S_PATH = '/api/v2/strategies/strategy-settings/';

/** Small: 20 profiles, so the 20th is the generator's draft (signal settings only) and the 7th is inactive. */
const SIZES: TradingDataSizes = {
  accounts: 1,
  pairs: 3,
  tickerConfigs: 1,
  mmProfiles: 1,
  strategyProfiles: 20,
  signals: 20,
  ordersPerSignal: 2,
  logsPerSignal: 1,
  lostPositions: 0,
  metricsDays: 1,
  depositTransactionsPerAccount: 1,
  riskTriggers: 0,
};

interface Row {
  id: number;
  status: string;
  action_state: string;
  mm_profile_id: number | null;
  profile_direction: Direction;
  timeframe: Timeframe;
  settings: Record<string, unknown>;
}

describe('finishing and starting a strategy profile need a whole, valid settings document', () => {
  let ctx: TestContext;
  /** Full on profiles and on profile settings. */
  let editor: string;
  /** Full on profiles, no access to profile settings. */
  let profilesOnly: string;
  let mmId: number;
  let tickersId: number;
  /** One of the generator's inactive profiles, with its complete document. */
  let generatedInactive: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await generateTradingData(ctx.db, SIZES);
    [{ id: generatedInactive }] = await ctx.db.query(`SELECT id FROM strategy_profiles WHERE status = 'inactive' ORDER BY id LIMIT 1`);
    const both = [
      { section_name: 'profiles' as const, status: 'Full' as const },
      { section_name: 'profile_settings' as const, status: 'Full' as const },
    ];
    editor = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: both })).id)).access;
    profilesOnly = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [both[0]] })).id)).access;
    [{ id: mmId }] = await ctx.db.query(`SELECT id FROM mm_profiles ORDER BY id LIMIT 1`);
    [{ id: tickersId }] = await ctx.db.query(`SELECT id FROM ticker_configs ORDER BY id LIMIT 1`);
  }, 120_000);
  afterAll(() => ctx?.close());

  const finish = (id: number, token = editor, extra: object = {}) => ctx.http().put(`${P}${id}/`).set(...auth(token)).send({ ...extra, status: 'inactive' });
  const saveSettings = (id: number, settings: object) => ctx.http().put(`${S_PATH}${id}/`).set(...auth(editor)).send({ schema_type: 'v1', settings });
  const row = async (id: number): Promise<Row> =>
    (await ctx.db.query(`SELECT id, status, action_state, mm_profile_id, profile_direction, timeframe, settings FROM strategy_profiles WHERE id = $1`, [id]))[0];
  /** A draft with its title, MM profile and ticker list, holding `settings`. */
  const draft = async (title: string, settings: object): Promise<number> => {
    const [{ id }] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, mm_profile_id, exchange_account_id, ticker_config_id, settings)
       SELECT $1, 'draft', 'long', id, exchange_account_id, $3, $4::jsonb FROM mm_profiles WHERE id = $2 RETURNING id`,
      [title, mmId, tickersId, JSON.stringify(settings)],
    );
    return id;
  };

  it('the generator’s draft (signal settings only) is refused with every missing field, then finishes once the rest is saved', async () => {
    const [generated]: Row[] = await ctx.db.query(`SELECT id FROM strategy_profiles WHERE status = 'draft' ORDER BY id LIMIT 1`);
    const before = await row(generated.id);
    expect(Object.keys(before.settings)).toEqual(['signal_settings']);

    const refused = await finish(generated.id, editor, { mm_profile: mmId, tickers: tickersId }).expect(400);
    expect(refused.body.custom_error).toEqual([M.incomplete]);
    expect(refused.body['settings.order_management_settings.orders_quantity']).toEqual([S.ordersQuantity]);
    expect(refused.body['settings.deviation_settings.limit_funding_rate']).toEqual([S.fieldRequired]);
    expect(Object.keys(refused.body).filter((key) => key.startsWith('settings.signal_settings'))).toEqual([]);
    // Nothing of the request was kept: still a draft without its links.
    expect(await row(generated.id)).toMatchObject({ status: 'draft', mm_profile_id: null });

    await saveSettings(generated.id, strategySettingsV1(before.profile_direction, before.timeframe, 20)).expect(200);
    expect((await finish(generated.id, editor, { mm_profile: mmId, tickers: tickersId }).expect(200)).body).toMatchObject({ status: 'inactive', mm_profile: { id: mmId } });
    const [audit] = await ctx.db.query(`SELECT event_type FROM logs WHERE log_data->>'profile_id' = $1 ORDER BY id DESC LIMIT 1`, [String(generated.id)]);
    expect(audit.event_type).toBe('strategy_profile_finished');
    await ctx.http().put(`${P}${generated.id}/start/`).set(...auth(editor)).expect(200);
  });

  it('an empty document names the required fields of every block', async () => {
    const id = await draft('Empty document', {});
    const { body } = await finish(id).expect(400);
    expect(body).toMatchObject({
      custom_error: [M.incomplete],
      'settings.signal_settings.timeframe': [S.timeframeBlank],
      'settings.order_management_settings.atr_timer': [S.atrTimer],
      'settings.deviation_settings.limit_price_deviation': [S.fieldRequired],
    });
    expect((await row(id)).status).toBe('draft');
  });

  it('an invalid block copied from a template is refused under its field; without profile-settings access only the spec’s message', async () => {
    const invalid = strategySettingsV1('long', '1h', 3);
    invalid.signal_settings.atr_n_periods = 60;
    const [{ id: templateId }] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, settings) VALUES ('Old template', 'draft', 'long', '1h', $1::jsonb) RETURNING id`,
      [JSON.stringify(invalid)],
    );
    const created = await ctx.http().post(P).set(...auth(editor)).send({ title: 'From old template', template: templateId, mm_profile: mmId, tickers: tickersId }).expect(201);
    const id = created.body.id as number;

    expect((await finish(id).expect(400)).body).toEqual({ custom_error: [M.incomplete], 'settings.signal_settings.atr_n_periods': [S.nPeriods] });
    expect((await finish(id, profilesOnly).expect(400)).body).toEqual({ custom_error: [M.incomplete] });
    expect((await row(id)).status).toBe('draft');

    // Corrected, the same profile finishes.
    await saveSettings(id, { ...invalid, signal_settings: { ...invalid.signal_settings, atr_n_periods: 14 } }).expect(200);
    expect((await finish(id).expect(200)).body.status).toBe('inactive');
  });

  it('a complete, valid document finishes', async () => {
    const id = await draft('Complete one', strategySettingsV1('long', '4h', 5));
    expect(validateStrategySettings((await row(id)).settings)).toEqual({});
    expect((await finish(id, profilesOnly).expect(200)).body).toMatchObject({ id, status: 'inactive' });
  });

  it('Start refuses an inactive profile whose document is not whole, and writes no command; the generator’s inactive one starts', async () => {
    const signalOnly = { signal_settings: strategySettingsV1('long', '1h', 1).signal_settings };
    const id = await draft('Finished before the rule', signalOnly);
    await ctx.db.query(`UPDATE strategy_profiles SET status = 'inactive' WHERE id = $1`, [id]);
    const refused = await ctx.http().put(`${P}${id}/start/`).set(...auth(editor)).expect(400);
    expect(refused.body).toEqual({ detail: M.settingsIncomplete });
    expect(await row(id)).toMatchObject({ status: 'inactive', action_state: 'NONE' });
    expect(await ctx.db.query(`SELECT id FROM engine_commands WHERE target_type = 'strategy_profile' AND target_id = $1`, [String(id)])).toEqual([]);

    expect((await ctx.http().put(`${P}${generatedInactive}/start/`).set(...auth(editor)).expect(200)).body.status).toBe('active');
  });

  /**
   * Finish and a settings PUT that drops blocks, queued on the profile's row lock in either order:
   * whichever goes second sees what the first committed, so no finished profile holds a partial document.
   */
  describe('a settings PUT racing the Finish', () => {
    const signalOnly = { signal_settings: strategySettingsV1('long', '1h', 1).signal_settings };
    const waiting = async () =>
      Number((await ctx.db.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n);

    /** Holds the row lock, sends `first` then `second` (each queued behind it), releases, and answers both. */
    const race = async (id: number, first: () => PromiseLike<{ status: number; body: Record<string, unknown> }>, second: typeof first) => {
      const holder = ctx.db.createQueryRunner();
      await holder.connect();
      try {
        await holder.startTransaction();
        await holder.query(`SELECT 1 FROM strategy_profiles WHERE id = $1 FOR UPDATE`, [id]);
        const a = Promise.resolve(first());
        await waitUntil(async () => (await waiting()) === 1);
        const b = Promise.resolve(second());
        await waitUntil(async () => (await waiting()) === 2);
        await holder.rollbackTransaction();
        return [await a, await b];
      } finally {
        await holder.release();
      }
    };

    it('Finish first: the PUT after it is checked whole and refused', async () => {
      const id = await draft('Race finish first', strategySettingsV1('long', '1h', 1));
      const [finished, saved] = await race(
        id,
        () => finish(id),
        () => saveSettings(id, signalOnly),
      );
      expect(finished.status).toBe(200);
      expect(saved.status).toBe(400);
      expect(saved.body['settings.order_management_settings.orders_quantity']).toEqual([S.ordersQuantity]);
      const after = await row(id);
      expect(after.status).toBe('inactive');
      expect(validateStrategySettings(after.settings)).toEqual({});
    });

    it('the PUT first: Finish reads the document it left and refuses', async () => {
      const id = await draft('Race put first', strategySettingsV1('long', '1h', 1));
      const [saved, finished] = await race(
        id,
        () => saveSettings(id, signalOnly),
        () => finish(id),
      );
      expect(saved.status).toBe(200);
      expect(finished.status).toBe(400);
      expect(finished.body.custom_error).toEqual([M.incomplete]);
      expect(await row(id)).toMatchObject({ status: 'draft', settings: signalOnly });
    });
  });
});
