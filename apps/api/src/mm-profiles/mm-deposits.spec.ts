import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MM_PROFILE_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { MmDepositsService } from './mm-deposits.service';

const S = '/api/v2/strategies/';

describe('the MM deposit', () => {
  let ctx: TestContext;
  let full: string;
  let ungated: string;
  let accounts: number[];
  beforeAll(async () => {
    ctx = await createTestApp();
    full = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'mm_profiles', status: 'Full' }] })).id)).access;
    const noGate = { section_name: 'mm_profiles' as const, status: 'Limited' as const, fields: ['title', 'all_signals_quota'], filtering: true, sorting: true };
    ungated = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [noGate] })).id)).access;
    accounts = (
      await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ('Dep A', 'k', 'x', 5), ('Dep B', 'k', 'x', 5) RETURNING id`)
    ).map((r: { id: number }) => r.id);
    await ctx.db.query(
      `INSERT INTO mm_profiles (title, exchange_account_id, max_signals_amount, max_factor_amount, all_signals_quota)
       VALUES ('A1', $1, 4, 2, 1000), ('A2', $1, 3, 1, 500.5), ('B1', $2, 2, 1.5, 250)`,
      accounts,
    );
  });
  afterAll(() => ctx?.close());

  const quotas = async () =>
    Object.fromEntries((await ctx.db.query(`SELECT title, all_signals_quota::text AS q FROM mm_profiles ORDER BY title`)).map((r: { title: string; q: string }) => [r.title, r.q]));
  const change = (body: object, status: number, token = full) => ctx.http().post(`${S}change-deposit-mm-profiles/`).set(...auth(token)).send(body).expect(status);

  it('an increase scales every quota by the percent and records a deposit per account, exactly', async () => {
    const res = await change({ size: 10, operation_type: 'increase' }, 201);
    expect(await quotas()).toEqual({ A1: '1100.00000000', A2: '550.55000000', B1: '275.00000000' });
    expect(res.body.mm_deposit).toBe(1925.55);
    const rows = await ctx.db.query(
      `SELECT exchange_account_id AS account, type, amount::text, percent::text, deposit_before::text AS before, deposit_after::text AS after FROM deposit_transactions ORDER BY exchange_account_id`,
    );
    expect(rows).toEqual([
      { account: accounts[0], type: 'deposit', amount: '150.05000000', percent: '10.00000000', before: '1500.50000000', after: '1650.55000000' },
      { account: accounts[1], type: 'deposit', amount: '25.00000000', percent: '10.00000000', before: '250.00000000', after: '275.00000000' },
    ]);
  });

  it('a decrease records withdrawals; 100% empties the quotas and more is refused with the spec’s message', async () => {
    await change({ size: 50, operation_type: 'decrease' }, 201);
    expect(await quotas()).toEqual({ A1: '550.00000000', A2: '275.27500000', B1: '137.50000000' });
    expect((await change({ size: 100.5, operation_type: 'decrease' }, 400)).body).toEqual({ size: [M.sizeMax] });
    expect(await quotas()).toEqual({ A1: '550.00000000', A2: '275.27500000', B1: '137.50000000' });
    await change({ size: 250, operation_type: 'increase' }, 201);
    const [{ type }] = await ctx.db.query(`SELECT type FROM deposit_transactions ORDER BY id DESC LIMIT 1`);
    expect(type).toBe('deposit');
  });

  it('answers the spec’s messages for a missing option, a missing size and a size below 0.01%', async () => {
    expect((await change({ size: 5 }, 400)).body).toEqual({ operation_type: [M.operationRequired] });
    expect((await change({ operation_type: 'increase' }, 400)).body).toEqual({ size: [M.sizeRequired] });
    expect((await change({ size: 0.001, operation_type: 'increase' }, 400)).body).toEqual({ size: [M.sizeMin] });
  });

  it('needs the change_deposit field at Limited', async () => {
    await change({ size: 5, operation_type: 'increase' }, 403, ungated);
    await ctx.http().put(`${S}auto-change-deposit-mm-profiles/`).set(...auth(ungated)).send({ is_auto_change_mm_depo_enabled: false, auto_change_mm_depo_percent: 0 }).expect(403);
  });

  it('keeps the re-invest setting: 0.01 to 100 when on, 0 when off', async () => {
    const put = (body: object, status: number) => ctx.http().put(`${S}auto-change-deposit-mm-profiles/`).set(...auth(full)).send(body).expect(status);
    expect((await put({ is_auto_change_mm_depo_enabled: true, auto_change_mm_depo_percent: 0 }, 400)).body).toEqual({ auto_change_mm_depo_percent: [M.reinvestPercentRange] });
    expect((await put({ is_auto_change_mm_depo_enabled: true, auto_change_mm_depo_percent: 100.5 }, 400)).body).toEqual({ auto_change_mm_depo_percent: [M.reinvestPercentRange] });
    expect((await put({ is_auto_change_mm_depo_enabled: false, auto_change_mm_depo_percent: 7 }, 200)).body).toEqual({ is_auto_change_mm_depo_enabled: false, auto_change_mm_depo_percent: 0 });
    expect((await put({ is_auto_change_mm_depo_enabled: true, auto_change_mm_depo_percent: 5 }, 200)).body).toEqual({ is_auto_change_mm_depo_enabled: true, auto_change_mm_depo_percent: 5 });
    expect((await ctx.http().get(`${S}auto-change-deposit-mm-profiles/`).set(...auth(full)).expect(200)).body).toEqual({ is_auto_change_mm_depo_enabled: true, auto_change_mm_depo_percent: 5 });
  });

  it('the daily re-invest grows the quotas by the asset sum’s growth over a day when it reaches the percent, and only then', async () => {
    const service = ctx.app.get(MmDepositsService);
    const before = await quotas();
    const metric = (account: number, at: string, assetSum: number) =>
      ctx.db.query(`INSERT INTO account_metrics (exchange_account_id, at, nav, asset_sum) VALUES ($1, $2, $3, $3)`, [account, at, assetSum]);
    await metric(accounts[0], '2026-11-20T10:00:00Z', 1000);
    await metric(accounts[1], '2026-11-20T10:00:00Z', 1000);
    await metric(accounts[0], '2026-11-21T10:00:00Z', 1040);
    await metric(accounts[1], '2026-11-21T10:00:00Z', 1000);
    expect(await service.reinvestDaily()).toBeNull();
    expect(await quotas()).toEqual(before);

    await metric(accounts[1], '2026-11-21T10:01:00Z', 1080);
    await metric(accounts[0], '2026-11-21T10:01:00Z', 1040);
    expect(await service.reinvestDaily()).toBe('6');
    expect((await quotas()).B1).toBe('510.12500000');
    expect(await service.reinvestDaily()).toBe('6');
    const [{ type, requested_by }] = await ctx.db.query(`SELECT type, requested_by FROM deposit_transactions ORDER BY id DESC LIMIT 1`);
    expect({ type, requested_by }).toEqual({ type: 'reinvest', requested_by: null });
    const info = (await ctx.http().get(`${S}mm-profiles-deposit-info/`).set(...auth(full)).expect(200)).body;
    expect(info.mm_asset_sum).toBe(2120);
    const [{ deposit }] = await ctx.db.query(`SELECT sum(all_signals_quota)::float AS deposit FROM mm_profiles`);
    expect(info.mm_deposit).toBe(Math.round(deposit * 100) / 100);
    expect(info).toMatchObject({ ideo_r_long: 0, ideo_r_short: 0 });
  });
});
