import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, BACKTEST_MESSAGES, BACKTEST_PATHS, permsAll, STRATEGY_PROFILE_MESSAGES, type Perm } from '@console/contracts';
import { strategySettingsV1 } from '../demo/trading-data';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';

const FROM = Date.UTC(2024, 2, 1);
const iso = (ms: number) => new Date(ms).toISOString();

describe('promoting a backtest: its settings written into its profile', () => {
  let ctx: TestContext;
  let admin: string;
  let profileId: number;
  let pairId: number;
  let mmProfileId: number;
  let accountId: number;
  let tickerConfigId: number;
  const profileSettings = strategySettingsV1('long', '1h', 3);
  // The run tests an edit of the profile's settings, made for this run only.
  const runSettings = { ...profileSettings, signal_settings: { ...profileSettings.signal_settings, atr_threshold_percents: 0.35 } };

  const perms = (over: Partial<Record<string, Partial<Perm>>>) => permsAll('Full').map((p) => ({ ...p, ...(over[p.section_name] ?? {}) }));
  const tokenWith = async (over: Partial<Record<string, Partial<Perm>>>) => (await sessionFor(ctx, (await makeUser(ctx.db, { perms: perms(over) })).id)).access;
  const promote = (token: string, id: string) => ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.promote(id)}`).set(...auth(token)).send({});
  const storedSettings = async (id: number) => (await ctx.db.query(`SELECT settings FROM strategy_profiles WHERE id = $1`, [id]))[0].settings as Record<string, unknown>;

  async function runOf(profile: number, settings: object = runSettings): Promise<string> {
    const body = { profile_id: profile, pairs: [pairId], market: 'model', seed: 3, date_from: iso(FROM), date_until: iso(FROM + 86_400_000), deposit: '1000', settings };
    const answer = await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.list}`).set(...auth(admin)).send(body).expect(201);
    // No worker runs here: cancelled, the run leaves room for the next under the per-user limit and keeps its settings.
    await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.cancel(answer.body.id)}`).set(...auth(admin)).expect(200);
    return answer.body.id as string;
  }

  async function draftProfile(title: string, status = 'draft'): Promise<number> {
    const [row] = await ctx.db.query(`INSERT INTO strategy_profiles (title, status, profile_direction, exchange_account_id, mm_profile_id, ticker_config_id, settings) VALUES ($1, $2, 'long', $3, $4, $5, $6) RETURNING id`, [
      title,
      status,
      accountId,
      mmProfileId,
      tickerConfigId,
      JSON.stringify(profileSettings),
    ]);
    return row.id;
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: permsAll('Full') })).id)).access;
    const [pair] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('BTCUSDT', true) ON CONFLICT (ticker) DO UPDATE SET is_active = true RETURNING id`);
    pairId = pair.id;
    // A run copies the MM profile's sizing when it is asked for.
    const [account] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Promote desk', 'k', 'x', 1) RETURNING id`);
    const [mm] = await ctx.db.query(`INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Promote MM', $1, 5, 1, 5000) RETURNING id`, [account.id]);
    mmProfileId = mm.id;
    accountId = account.id;
    const [tickers] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('Promote majors') RETURNING id`);
    await ctx.db.query(`INSERT INTO ticker_config_pairs (ticker_config_id, pair_id) VALUES ($1, $2)`, [tickers.id, pairId]);
    tickerConfigId = tickers.id;
    profileId = await draftProfile('Draft to promote');
  });
  afterAll(() => ctx?.close());

  it('writes the settings the run used into the profile, audited as a settings edit', async () => {
    const id = await runOf(profileId);
    const answer = await promote(admin, id).expect(200);
    expect(answer.body).toEqual({ schema_type: 'v1', settings: runSettings });
    expect(await storedSettings(profileId)).toEqual(runSettings);
    const [audit] = await ctx.db.query(`SELECT log_data, profile_id FROM logs WHERE event_type = 'strategy_settings_updated' ORDER BY id DESC LIMIT 1`);
    expect(audit.profile_id).toBe(profileId);
    expect(audit.log_data.before).toEqual(profileSettings);
    expect(audit.log_data.after).toEqual(runSettings);
  });

  it("refuses a running profile with the profile's own message, and leaves it as it was", async () => {
    const active = await draftProfile('Trading now');
    const id = await runOf(active);
    await ctx.db.query(`UPDATE strategy_profiles SET status = 'active' WHERE id = $1`, [active]);
    const answer = await promote(admin, id).expect(400);
    expect(JSON.stringify(answer.body)).toContain(STRATEGY_PROFILE_MESSAGES.onlyWhenStopped);
    expect(await storedSettings(active)).toEqual(profileSettings);
  });

  it('answers 400 when the profile was deleted, 404 for no such run', async () => {
    const gone = await draftProfile('Deleted later');
    const id = await runOf(gone);
    await ctx.db.query(`DELETE FROM strategy_profiles WHERE id = $1`, [gone]);
    const answer = await promote(admin, id).expect(400);
    expect(JSON.stringify(answer.body)).toContain(BACKTEST_MESSAGES.profileGone);
    await promote(admin, '999999').expect(404);
    await promote(admin, 'abc').expect(404);
  });

  it('needs write on the profile settings and a view of the backtests', async () => {
    const id = await runOf(profileId);
    await promote(await tokenWith({ profile_settings: { status: 'ReadOnly' } }), id).expect(403);
    await promote(await tokenWith({ backtests: { status: 'NP' } }), id).expect(403);
    await promote(await tokenWith({ backtests: { status: 'ReadOnly' } }), id).expect(200);
  });

  it('promotes into a new draft beside the profile: its links, the run’s settings, audited as a creation; the profile is untouched', async () => {
    const active = await draftProfile('Live trend');
    await ctx.db.query(`UPDATE strategy_profiles SET status = 'active' WHERE id = $1`, [active]);
    const id = await runOf(active);
    const draft = (await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.promoteDraft(id)}`).set(...auth(admin)).send({}).expect(201)).body;
    expect(draft).toMatchObject({ title: BACKTEST_MESSAGES.draftTitle('Live trend', id), status: 'draft' });
    const [row] = await ctx.db.query(`SELECT status, mm_profile_id, ticker_config_id, exchange_account_id, profile_direction, settings FROM strategy_profiles WHERE id = $1`, [draft.id]);
    expect(row).toEqual({ status: 'draft', mm_profile_id: mmProfileId, ticker_config_id: tickerConfigId, exchange_account_id: accountId, profile_direction: 'long', settings: runSettings });
    expect(await storedSettings(active)).toEqual(profileSettings);
    const [audit] = await ctx.db.query(`SELECT log_data FROM logs WHERE event_type = 'strategy_profile_created' ORDER BY id DESC LIMIT 1`);
    expect(audit.log_data.profile_id).toBe(draft.id);

    const named = await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.promoteDraft(id)}`).set(...auth(admin)).send({ title: 'Tighter ATR' }).expect(201);
    expect(named.body.title).toBe('Tighter ATR');
    expect((await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.promoteDraft(id)}`).set(...auth(admin)).send({ title: '  ' }).expect(400)).body).toEqual({ title: [STRATEGY_PROFILE_MESSAGES.titleBlank] });
    // Creating a profile is the profiles section's write.
    await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.promoteDraft(id)}`).set(...auth(await tokenWith({ profiles: { status: 'ReadOnly' } }))).send({}).expect(403);
    await ctx.http().post(`${API_PREFIX}${BACKTEST_PATHS.promoteDraft('999999')}`).set(...auth(admin)).send({}).expect(404);
  });
});
