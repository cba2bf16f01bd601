import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';

const DAY_MS = 86_400_000;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The screens that show the same figure show one number: By Months (table, summary, system data), the
 * position administration card and the account stats, over one account whose NAV is written by hand:
 *
 *   2026-01-10 00:00  NAV 10,000  Deposit AT 10,000   the account's first minute
 *   2026-01-20 12:00  NAV 11,050  Deposit AT 11,000   1,000 moved in (and 50 earned)
 *   2026-01-31 23:59  NAV 11,100  Deposit AT 11,000   January's trades earned 100; nothing open
 *   2026-02-01 00:00  NAV 11,100                       nothing open
 *   2026-02-10 12:00  NAV 11,000                       a position open, 100 down
 *   2026-02-28 23:59  NAV 11,220                       February's trades: +150 and −30; nothing open
 *
 * February has no money moved and no open position at its ends, so its NAV return is its trades'
 * realised PnL, and it is the newest month the card measures.
 */
describe('statistics figures agree across screens', () => {
  let ctx: TestContext;
  let token: string;
  let accountId: number;

  const NAV = { first: 10_000, janEnd: 11_100, febEnd: 11_220 };
  const DEPOSIT = { first: 10_000, after: 11_000 };

  beforeAll(async () => {
    ctx = await createTestApp();
    const sections = ['account_stats', 'stats_by_months', 'APA'] as const;
    token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: sections.map((section_name) => ({ section_name, status: 'Full' as const })) })).id)).access;
    [{ id: accountId }] = await ctx.db.query(
      `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, created_at) VALUES ('Agreeing account', 'k', 'x', 5, '2026-01-01') RETURNING id`,
    );
    const [{ id: mmId }] = await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Agreeing money', $1, 4, 1, 4000) RETURNING id`,
      [accountId],
    );
    const [{ id: tickersId }] = await ctx.db.query(`INSERT INTO ticker_configs (title) VALUES ('Agreeing list') RETURNING id`);
    const [{ id: pairId }] = await ctx.db.query(`INSERT INTO pairs (ticker, is_active) VALUES ('AGREEUSDT', true) RETURNING id`);
    const [{ id: profileId }] = await ctx.db.query(
      `INSERT INTO strategy_profiles (title, status, profile_direction, timeframe, exchange_account_id, mm_profile_id, ticker_config_id, created_at)
       VALUES ('Agreeing profile', 'active', 'long', '1h', $1, $2, $3, '2026-01-01') RETURNING id`,
      [accountId, mmId, tickersId],
    );
    const trade = (finished: string, pnl: number) =>
      ctx.db.query(
        `INSERT INTO signals (exchange_account_id, profile_id, pair_id, timeframe, direction, status, state, size_currency, size_coins, exit_place,
                              pnl_in_usd, pnl_in_percent, created_at, finished_at)
         VALUES ($1, $2, $3, '1h', 'long', 'finished', 'finished', 1000, 10, 100, $4, $5, $6::timestamptz - interval '2 hours', $6)`,
        [accountId, profileId, pairId, pnl, pnl / 10, finished],
      );
    await trade('2026-01-15T10:00Z', 100);
    await trade('2026-02-12T10:00Z', 150);
    await trade('2026-02-20T10:00Z', -30);
    const minute = (at: string, nav: number, deposit: number) =>
      ctx.db.query(`INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at) VALUES ($1, $2, $3, $4)`, [accountId, at, nav, deposit]);
    await minute('2026-01-10T00:00Z', NAV.first, DEPOSIT.first);
    await minute('2026-01-20T12:00Z', 11_050, DEPOSIT.after);
    await minute('2026-01-31T23:59Z', NAV.janEnd, DEPOSIT.after);
    await minute('2026-02-01T00:00Z', NAV.janEnd, DEPOSIT.after);
    await minute('2026-02-10T12:00Z', 11_000, DEPOSIT.after);
    await minute('2026-02-28T23:59Z', NAV.febEnd, DEPOSIT.after);
  });
  afterAll(() => ctx?.close());

  const get = async (path: string) => (await ctx.http().get(`/api/v2/${path}`).set(...auth(token)).expect(200)).body;

  // The figures computed here from the NAV alone, by their definitions.
  const febReturn = { usd: NAV.febEnd - NAV.janEnd, percent: round2((100 * (NAV.febEnd - NAV.janEnd)) / NAV.janEnd) };
  // January: the 1,000 moved in shifts the base; only the 100 earned is a return.
  const janReturn = { usd: NAV.janEnd - NAV.first - (DEPOSIT.after - DEPOSIT.first), percent: round2((100 * (NAV.janEnd - NAV.first - 1_000)) / (NAV.first + 1_000)) };
  // Growth over the months covered: January from its first to its last minute, February whole.
  const monthsCovered = (Date.parse('2026-01-31T23:59Z') - Date.parse('2026-01-10T00:00Z')) / (31 * DAY_MS) + 1;
  const growth = (1 + (NAV.janEnd - NAV.first - 1_000) / (NAV.first + 1_000)) * (NAV.febEnd / NAV.janEnd);
  const acgr = round2(100 * (Math.pow(growth, 1 / monthsCovered) - 1));

  it('a month with no money moved and nothing open at its ends: the NAV return, the months table and the card agree to the cent', async () => {
    const months = await get(`statistics/statistics-admin/?exchange_account=${accountId}&order=period`);
    const [jan, feb] = months.by_month;
    expect(feb).toMatchObject({ period: '2026-02-01', return_nav: febReturn.usd, return_nav_percent: febReturn.percent });
    // Nothing open at either end and no money moved: the closed trades' PnL is the NAV's change, to the cent.
    expect(feb.return_realized).toBe(febReturn.usd);
    // January's deposit is no return: its NAV return is its trades' 100.
    expect(jan).toMatchObject({ period: '2026-01-01', return_nav: janReturn.usd, return_nav_percent: janReturn.percent, return_realized: 100 });

    const card = (await get('position-administration/account-info/')).find((row: { id: number }) => row.id === accountId);
    expect(card.at).toBe('2026-02-28T23:59:00.000Z');
    expect(card.return_month_percent).toBe(febReturn.percent);
    expect(card.return_month_percent).toBe(feb.return_nav_percent);
  });

  it('ACGR is one number on every screen that shows it', async () => {
    const admin = await get(`statistics/statistics-admin/?exchange_account=${accountId}`);
    const client = await get(`statistics/statistics-client/?exchange_account=${accountId}`);
    const system = await get(`strategies/system-data/?exchange_account=${accountId}`);
    const card = (await get('position-administration/account-info/')).find((row: { id: number }) => row.id === accountId);
    expect([admin.summary.avg_capital_growth_rate, client.summary.avg_capital_growth_rate, system.summary.avg_capital_growth_rate, card.avg_capital_growth_rate]).toEqual([
      acgr,
      acgr,
      acgr,
      acgr,
    ]);
    // …and the month figures of the summary are the NAV returns of the table.
    expect(admin.summary).toMatchObject({
      positive_months: 100,
      best_month_return: { value: febReturn.percent, date: '2026-02-01' },
      worst_month_return: { value: janReturn.percent, date: '2026-01-01' },
    });
  });

  it('Return AT % is one number on the account stats and the card', async () => {
    const stats = (await get(`strategies/account-stats/?account_id__in=${accountId}`)).results[0];
    const card = (await get('position-administration/account-info/')).find((row: { id: number }) => row.id === accountId);
    const expected = round2(100 * (NAV.febEnd / DEPOSIT.after - 1));
    expect([stats.return_percent, card.return_at_percent]).toEqual([expected, expected]);
    expect([stats.deposit, card.deposit_at]).toEqual([DEPOSIT.after, DEPOSIT.after]);
  });
});
