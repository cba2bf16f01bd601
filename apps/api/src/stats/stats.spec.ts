import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, STATS_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';

const PS = '/api/v2/strategies/profiles-stats/';
const AS = '/api/v2/strategies/account-stats/';
const ADMIN = '/api/v2/statistics/statistics-admin/';
const CLIENT = '/api/v2/statistics/statistics-client/';

/**
 * A small hand-computed data set (docs/metrics.md): one account, one long profile whose MM one-signal
 * quota is 1000 / 4 = 250, and these signals (size 1000 USD, 10 coins each):
 *   #1 2026-01-05 10:00→12:00 (2 h) +100 USD +10 %, exit 110
 *   #2 2026-01-06 00:00→04:00 (4 h)  −50 USD  −5 %, exit 95
 *   #3 2026-01-07 00:00→06:00 (6 h)  +30 USD  +3 %, exit 103
 *   #4 2026-01-07 missed
 *   #5 2026-02-10 00:00→02:00 (2 h)  −40 USD  −4 %, exit 96
 */
describe('profile and account statistics', () => {
  let ctx: TestContext;
  let full: string;
  let limited: string;
  let accountId: number;
  let profileId: number;
  let otherProfileId: number;
  let pairId: number;

  const signal = (p: { created: string; finished: string | null; status: string; state: string; pnl?: number; pct?: number; exit?: number; profile?: number }) =>
    ctx.db.query(
      `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, size_currency, size_coins, exit_place,
                            pnl_in_usd, pnl_in_percent, created_at, finished_at)
       VALUES ($1, $2, $3, '1h', 'long', $4, $5, 1000, 10, $6, $7, $8, $9, $10) RETURNING id`,
      [accountId, p.profile ?? profileId, pairId, p.status, p.state, p.exit ?? null, p.pnl ?? null, p.pct ?? null, p.created, p.finished],
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    const sections = ['profiles_stats', 'account_stats', 'stats_by_months', 'charts'] as const;
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: sections.map((section_name) => ({ section_name, status: 'Full' as const })) })).id)).access;
    const perm = { section_name: 'profiles_stats' as const, status: 'Limited' as const, fields: ['profile_title', 'total', 'qty_total'], filtering: true, sorting: true };
    limited = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [perm] })).id)).access;
    [{ id: accountId }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, created_at) VALUES ('Stats account', 'k', 'x', 5, '2025-12-01') RETURNING id`);
    const [{ id: mmId }] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Stats money', $1, 4, 1, 1000) RETURNING id`,
      [accountId],
    );
    const [{ id: tickersId }] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('Stats list') RETURNING id`);
    [{ id: pairId }] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('STATSUSDT', true) RETURNING id`);
    const profile = (title: string, status: string, created: string) =>
      ctx.db.query(
        `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, created_at)
         VALUES ($1, $2, 'long', '1h', $3, $4, $5, $6) RETURNING id`,
        [title, status, accountId, mmId, tickersId, created],
      );
    [{ id: profileId }] = await profile('Stats profile', 'active', '2025-12-15');
    [{ id: otherProfileId }] = await profile('Quiet profile', 'inactive', '2026-03-01');
    await profile('Draft profile', 'draft', '2026-03-02');

    await signal({ created: '2026-01-05T10:00Z', finished: '2026-01-05T12:00Z', status: 'finished', state: 'finished', pnl: 100, pct: 10, exit: 110 });
    await signal({ created: '2026-01-06T00:00Z', finished: '2026-01-06T04:00Z', status: 'finished', state: 'finished', pnl: -50, pct: -5, exit: 95 });
    await signal({ created: '2026-01-07T00:00Z', finished: '2026-01-07T06:00Z', status: 'finished', state: 'finished', pnl: 30, pct: 3, exit: 103 });
    await signal({ created: '2026-01-07T00:00Z', finished: '2026-01-07T01:00Z', status: 'missed', state: 'missed' });
    await signal({ created: '2026-02-10T00:00Z', finished: '2026-02-10T02:00Z', status: 'finished', state: 'finished', pnl: -40, pct: -4, exit: 96 });
    // An active signal and a canceled one count nowhere.
    await signal({ created: '2026-02-11T00:00Z', finished: null, status: 'active', state: 'active_np' });
    await signal({ created: '2026-02-11T00:00Z', finished: '2026-02-11T01:00Z', status: 'canceled', state: 'canceled_by_user' });

    // Account metrics (NAV, deposit) at a few minutes, and a re-invest of 50 at the end of January.
    const metric = (at: string, nav: number, deposit: number, impLoss = 0, v = 0) =>
      ctx.db.query(`INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at, imp_loss, var) VALUES ($1, $2, $3, $4, $5, $6)`, [accountId, at, nav, deposit, impLoss, v]);
    await metric('2026-01-01T00:00Z', 1000, 1000, -10, 200);
    await metric('2026-01-15T12:00Z', 1100, 1000, -22, 330);
    await metric('2026-01-31T23:59Z', 1050, 1000);
    await metric('2026-02-01T00:00Z', 1050, 1050);
    await metric('2026-02-28T23:59Z', 1200, 1050);
    await ctx.db.query(
      `INSERT INTO deposit_transactions (exchange_account_id, type, amount, deposit_before, deposit_after, created_at) VALUES ($1, 'reinvest', 50, 1000, 1050, '2026-01-31T23:00Z')`,
      [accountId],
    );
  });
  afterAll(() => ctx?.close());

  const get = (path: string, token = full) => ctx.http().get(path).set(...auth(token));

  it('computes a profile’s figures as docs/metrics.md defines them', async () => {
    const res = await get(`${PS}?profile_id__in=${profileId}`).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toEqual({
      id: profileId,
      profile_id: profileId,
      profile_title: 'Stats profile',
      direction: 'long',
      status: 'active',
      total_profit: 130, // 100 + 30
      total_loss: -90, // −50 − 40
      total: 40,
      total_percent: 4, // 10 − 5 + 3 − 4
      total_i: 1.44, // 130 / 90
      avg_pnl_percent: 1, // 4 / 4
      avg_loss_percent: -4.5, // (−5 − 4) / 2
      most_loss_percent: -5,
      avg_profit_percent: 6.5, // (10 + 3) / 2
      avg_i: 1.44, // 6.5 / 4.5
      qty_loss: 2,
      qty_profit: 2,
      qty_total: 4,
      w_percent: 50,
      avg_time_per_signal: 3.5, // (2 + 4 + 6 + 2) / 4 hours
      most_longest_duration: 6,
      most_imp_loss: -50,
      most_mm_imp_loss: -20, // −50 / 250
      qty_missed: 1,
      max_drawdown: 60, // running PnL by day 100, 50, 80, 40: peak 100, lowest after it 40
      rf: 0.67, // 40 / 60
      sharpe: 0.14, // mean 1 / stdev 6.976
      stdev: 6.98, // sqrt(((10−1)² + (−5−1)² + (3−1)² + (−4−1)²) / 3) = sqrt(146 / 3)
      turnover: 8040, // Σ size 1000 + 10 coins × exit: 2100 + 1950 + 2030 + 1960
    });
  });

  it('filters by profile, status and creation date, leaves drafts out, sorts by the figures', async () => {
    const titles = async (qs: string) => (await get(`${PS}?${qs}`).expect(200)).body.results.map((r: { profile_title: string }) => r.profile_title);
    expect(await titles('')).toEqual(['Quiet profile', 'Stats profile']);
    expect(await titles('status=inactive')).toEqual(['Quiet profile']);
    expect(await titles('created_at__gte=2026-03-01')).toEqual(['Quiet profile']);
    expect(await titles('created_at__lte=2026-03-01')).toEqual(['Quiet profile', 'Stats profile']);
    expect(await titles('created_at__lte=2026-02-28')).toEqual(['Stats profile']);
    expect(await titles(`profile_id__in=${profileId},${otherProfileId}&ordering=-total`)).toEqual(['Stats profile', 'Quiet profile']);
    const quiet = (await get(`${PS}?profile_id__in=${otherProfileId}`).expect(200)).body.results[0];
    expect(quiet).toMatchObject({ qty_total: 0, total: 0, total_i: null, w_percent: null, stdev: null });
    const options = (await get(`${PS}for-filters/?search=quiet`).expect(200)).body.results;
    expect(options).toEqual([{ id: otherProfileId, title: 'Quiet profile' }]);
  });

  it('answers 400 with the messages for bad filters', async () => {
    expect((await get(`${PS}?created_at__gte=2026-02-30`).expect(400)).body).toEqual({ created_at__gte: [M.dateTimeInvalid] });
    expect((await get(`${PS}?profile_id__in=1,x`).expect(400)).body).toEqual({ profile_id__in: [M.idsInvalid] });
    expect((await get(`${PS}?status=paused`).expect(400)).body).toEqual({ status: [M.valueInvalid] });
    expect((await get(`${PS}?ordering=created_at`).expect(400)).body).toEqual({ ordering: [OWN_MESSAGES.orderingUnknown] });
  });

  it('at Limited, sends only the group’s fields and refuses filters on hidden ones', async () => {
    const res = await get(`${PS}?ordering=-total`, limited).expect(200);
    for (const row of res.body.results) expect(Object.keys(row).sort()).toEqual(['id', 'profile_title', 'qty_total', 'total']);
    expect((await get(`${PS}?status=active`, limited).expect(403)).body).toEqual({ detail: OWN_MESSAGES.fieldNotAllowed });
  });

  it('sums an account’s profiles and adds its newest NAV and deposit', async () => {
    const res = await get(`${AS}?account_id__in=${accountId}`).expect(200);
    expect(res.body.results[0]).toMatchObject({
      account_id: accountId,
      account_title: 'Stats account',
      qty_profiles: 2,
      nav: 1200,
      deposit: 1050,
      return_percent: 14.29, // 1200 / 1050 − 1
      total: 40,
      total_i: 1.44,
      qty_total: 4,
      max_drawdown: 60,
    });
    expect((await get(`${AS}for-filters/?search=stats`).expect(200)).body.results).toEqual([{ id: accountId, title: 'Stats account' }]);
  });

  it('months statistics: each month, the total and averages, and the summary, as docs/metrics.md defines them', async () => {
    const res = await get(`${ADMIN}?exchange_account=${accountId}&order=period`).expect(200);
    const { by_month, total, month_average, summary } = res.body;
    expect(by_month.map((r: { period: string }) => r.period)).toEqual(['2026-01-01', '2026-02-01']);
    expect(by_month[0]).toEqual({
      period: '2026-01-01',
      hwm: 1100, // highest NAV so far
      deposit: 1000,
      profit_factor: 2.6, // 130 / 50
      winrate: 66.67, // 2 of 3
      return_hwm: 50, // NAV 1050 at the end against the opening 1000 (no earlier HWM)
      return_hwm_percent: 5,
      return_nav: 50, // NAV 1000 at the first minute to 1050, nothing moved in
      return_nav_percent: 5,
      return_realized: 80, // 100 − 50 + 30
      return_realized_percent: 8, // 80 / deposit 1000 at the start
      reinvest_percent_realized: 62.5, // 50 / 80
      qty_total: 3,
      qty_profit: 2,
      qty_loss: 1,
      qty_missed: 1,
      turn_over: 6080,
    });
    // February starts from January's last NAV 1050; the deposit's 50 moved in is no return: 1200 − 1050 − 50 over 1100.
    expect(by_month[1]).toMatchObject({
      hwm: 1200,
      return_hwm: 100,
      return_hwm_percent: 9.09,
      return_nav: 100,
      return_nav_percent: 9.09,
      return_realized: -40,
      return_realized_percent: -3.81,
      profit_factor: 0,
      winrate: 0,
    });
    // Compounded: 1.08 × (1 − 40/1050) − 1 = 3.8857 %; by NAV 1.05 × 1200/1100 − 1 = 14.5454 %.
    expect(total).toMatchObject({
      period: null,
      hwm: 1200,
      deposit: 1050,
      return_hwm: 200,
      return_hwm_percent: 20,
      return_nav: 150,
      return_nav_percent: 14.55,
      return_realized: 40,
      return_realized_percent: 3.89,
      profit_factor: 1.44,
      winrate: 50,
      turn_over: 8040,
    });
    expect(month_average).toMatchObject({ return_nav: 75, return_nav_percent: 7.27, return_realized: 20, return_realized_percent: 1.94, turn_over: 4020, qty_total: 2 });
    // The summary is on the NAV basis: both months gained, though February's trades lost.
    expect(summary).toMatchObject({
      turn_over_at_value: 8040,
      positive_months: 100,
      best_month_return: { value: 9.09, date: '2026-02-01' },
      worst_month_return: { value: 5, date: '2026-01-01' },
      // 1.145454^(1 / 1.99998) − 1: January's NAV runs from its first to its last minute, a minute short of the month.
      avg_capital_growth_rate: 7.03,
      system_start_date: '2026-01-01T00:00:00.000Z',
    });
    expect(summary.system_is_running_days).toBeGreaterThan(300);
  });

  it('a month range keeps the HWM reached before it; newest first by default; the client view drops the admin columns', async () => {
    const feb = (await get(`${ADMIN}?exchange_account=${accountId}&date_from=2026-02-01&date_to=2026-02-28`).expect(200)).body;
    expect(feb.by_month).toHaveLength(1);
    // …and its NAV return still starts from January's last minute.
    expect(feb.by_month[0]).toMatchObject({ period: '2026-02-01', return_hwm: 100, return_hwm_percent: 9.09, return_nav: 100, return_nav_percent: 9.09 });
    const all = (await get(`${CLIENT}?exchange_account=${accountId}`).expect(200)).body;
    expect(all.by_month.map((r: { period: string }) => r.period)).toEqual(['2026-02-01', '2026-01-01']);
    expect(Object.keys(all.by_month[1]).sort()).toEqual(
      ['deposit', 'period', 'qty_total', 'reinvest_percent_realized', 'return_nav', 'return_nav_percent', 'return_realized', 'return_realized_percent', 'turn_over', 'winrate'].sort(),
    );
    const data = (await get(`/api/v2/strategies/system-data/?exchange_account=${accountId}`).expect(200)).body;
    expect(data.summary).toMatchObject({ turn_over_at_value: 8040, positive_months: 100, avg_capital_growth_rate: 7.03 });
  });

  it('answers 400 for bad month dates and orders', async () => {
    expect((await get(`${ADMIN}?date_from=2026-13-01`).expect(400)).body).toEqual({ date_from: [M.dateInvalid] });
    expect((await get(`${ADMIN}?date_from=2026-03-01&date_to=2026-01-01`).expect(400)).body).toEqual({ date_from: [M.rangeReversed] });
    expect((await get(`${CLIENT}?order=month`).expect(400)).body).toEqual({ order: [M.valueInvalid] });
  });

  it('keeps the rollups fresh: a signal that finishes changes the statistics at once', async () => {
    const [{ id }] = await signal({ created: '2026-02-11T00:00Z', finished: null, status: 'active', state: 'active_fp' });
    const before = (await get(`${PS}?profile_id__in=${profileId}`).expect(200)).body.results[0];
    expect(before.qty_total).toBe(4);
    await ctx.db.query(`UPDATE signals SET status = 'finished', state = 'finished', finished_at = '2026-02-11T03:00Z', pnl_in_usd = 60, pnl_in_percent = 6, exit_place = 106 WHERE id = $1`, [id]);
    const after = (await get(`${PS}?profile_id__in=${profileId}`).expect(200)).body.results[0];
    expect(after).toMatchObject({ qty_total: 5, qty_profit: 3, total: 100, total_profit: 190, max_drawdown: 60 });
    const feb = (await get(`${ADMIN}?exchange_account=${accountId}&date_from=2026-02-01&date_to=2026-02-01`).expect(200)).body.by_month[0];
    expect(feb).toMatchObject({ return_realized: 20, qty_total: 2, winrate: 50 });
    // A correction of a finished signal's PnL, and its removal, count too.
    await ctx.db.query(`UPDATE signals SET pnl_in_usd = -100, pnl_in_percent = -10 WHERE id = $1`, [id]);
    expect((await get(`${PS}?profile_id__in=${profileId}`).expect(200)).body.results[0]).toMatchObject({ total: -60, qty_loss: 3, max_drawdown: 160 });
    await ctx.db.query(`DELETE FROM signals WHERE id = $1`, [id]);
    expect((await get(`${PS}?profile_id__in=${profileId}`).expect(200)).body.results[0]).toMatchObject({ total: 40, qty_total: 4 });
  });
});
