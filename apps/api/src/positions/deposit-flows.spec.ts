/**
 * Deposits are cash flows (docs/engine-protocol.md §1.5, §2.1): the operator's deposit edit and the MM
 * deposit change record money in or out as deposit transactions, and the running engine shifts every
 * base of the account's metrics by it, so the NAV grows or shrinks by the money moved while Return day %,
 * Return AT % (the equity curve) and the drawdown stay where they were. On the demo a +10 % deposit
 * used to read as Return day % 0 → 11.72.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { startEngine, type TestEngine } from '../test/engine';
import { createTestApp, TestContext } from '../test/harness';

const V2 = '/api/v2';

interface Minute {
  at: Date;
  nav: number;
  deposit_at: number;
  deposit_monthly: number;
  balance_daily: number;
  return_day_percent: number;
  return_at_percent: number;
  max_dd: number;
}

describe('deposits as cash flows on a running engine', () => {
  let ctx: TestContext;
  let engine: TestEngine;
  let token: string;
  let accountId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await makeUser(ctx.db, {
      perms: [
        { section_name: 'APA', status: 'Full' },
        { section_name: 'mm_profiles', status: 'Full' },
        { section_name: 'charts', status: 'Full' },
      ],
    });
    token = (await sessionFor(ctx, user.id)).access;
    [{ id: accountId }] = await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Flows', 'k', 'x', 5) RETURNING id`);
    // A quiet account (no profile trades on it): every move of its NAV is money moved.
    await ctx.db.query(`INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota) VALUES ('Flows MM', $1, 4, 1, 10000)`, [accountId]);
    await ctx.db.query(`INSERT INTO deposit_transactions (exchange_account_id, type, amount, deposit_before, deposit_after) VALUES ($1, 'deposit', 10000, 0, 10000)`, [accountId]);
    engine = await startEngine(ctx);
  });
  afterAll(async () => {
    await engine?.stop();
    await ctx?.close();
  });

  const newest = async (): Promise<Minute> =>
    (
      await ctx.db.query(
        `SELECT at, nav::float, deposit_at::float, deposit_monthly::float, balance_daily::float, return_day_percent::float, return_at_percent::float, max_dd::float
           FROM account_metrics WHERE exchange_account_id = $1 ORDER BY at DESC LIMIT 1`,
        [accountId],
      )
    )[0];
  const put = (body: object) => ctx.http().put(`${V2}${API_PATHS.accountDeposit(accountId)}`).set(...auth(token)).send(body).expect(200);
  const flat = (m: Minute) => ({ return_day_percent: m.return_day_percent, return_at_percent: m.return_at_percent, max_dd: m.max_dd });

  it('a deposit and a withdrawal move the NAV by the money, and no return, drawdown or equity point comes of them', async () => {
    await engine.advance(2);
    const start = await newest();
    expect(start).toMatchObject({ nav: 10000, deposit_at: 10000, deposit_monthly: 10000, balance_daily: 10000, return_day_percent: 0, return_at_percent: 0, max_dd: 0 });

    // +10 % by the operator's edit of the all-time deposit, mid-day on the running engine.
    await put({ deposit_at: 11000 });
    await engine.advance(1);
    const raised = await newest();
    expect(raised).toMatchObject({ nav: 11000, deposit_at: 11000, deposit_monthly: 11000, balance_daily: 11000 });
    expect(flat(raised)).toEqual({ return_day_percent: 0, return_at_percent: 0, max_dd: 0 });

    // −20 % of the MM deposit (10,000 of quotas → 8,000): 2,000 out, no drawdown.
    await ctx.http().post(`${V2}/strategies/change-deposit-mm-profiles/`).set(...auth(token)).send({ operation_type: 'decrease', size: 20 }).expect(201);
    await engine.advance(1);
    const lowered = await newest();
    expect(lowered).toMatchObject({ nav: 9000, deposit_at: 9000, deposit_monthly: 9000, balance_daily: 9000 });
    expect(flat(lowered)).toEqual({ return_day_percent: 0, return_at_percent: 0, max_dd: 0 });

    // The HWM edit with its reason is the same kind of flow: 500 in.
    await put({ deposit_monthly: 9500, deposit_type: 'deposit' });
    // A re-invest (profit put back into the MM quotas) moves no money: the wallet stays as it is.
    await ctx.db.query(`INSERT INTO deposit_transactions (exchange_account_id, type, amount, percent, deposit_before, deposit_after) VALUES ($1, 'reinvest', 800, 10, 8000, 8800)`, [accountId]);
    await engine.advance(1);
    const last = await newest();
    expect(last).toMatchObject({ nav: 9500, deposit_at: 9500, deposit_monthly: 9500, balance_daily: 9500 });
    expect(flat(last)).toEqual({ return_day_percent: 0, return_at_percent: 0, max_dd: 0 });

    // The equity curve over those minutes stays at 0 (it used to jump by the deposit's share).
    const minute = (at: Date) => at.toISOString().slice(0, 16);
    const chart = await ctx
      .http()
      .get(`${V2}/statistics/statistics-chart/?exchange_account=${accountId}&data_type=Equity&tf=1m&period=${minute(start.at)},${minute(last.at)}`)
      .set(...auth(token))
      .expect(200);
    expect(chart.body.points.length).toBeGreaterThanOrEqual(4);
    expect(new Set(chart.body.points.map((p: { value: number }) => p.value))).toEqual(new Set([0]));
    const nav = await ctx
      .http()
      .get(`${V2}/statistics/statistics-chart/?exchange_account=${accountId}&data_type=NAV&tf=1m&period=${minute(start.at)},${minute(last.at)}`)
      .set(...auth(token))
      .expect(200);
    expect(nav.body.points.map((p: { value: number }) => p.value).slice(-4)).toEqual([10000, 11000, 9000, 9500]);
  });
});
