import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_MESSAGES, POSITION_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { makeLostPosition, makePosition } from '../test/position-fixtures';

const P = '/api/v2/position-administration/';

describe('position administration: lists and account metrics', () => {
  let ctx: TestContext;
  let full: string;
  let fullUserId: number;
  let limited: string;
  let reader: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    fullUserId = (await makeUser(ctx.db, { perms: [{ section_name: 'APA', status: 'Full' }] })).id;
    full = (await sessionFor(ctx, fullUserId)).access;
    const perm = { section_name: 'APA' as const, status: 'Limited' as const, fields: ['ticker', 'side', 'active_p_coins'], filtering: true, sorting: true };
    limited = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [perm] })).id)).access;
    reader = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'APA', status: 'NP' }] })).id)).access;
  });
  afterAll(() => ctx?.close());

  const get = async (path: string, token = full, status = 200) => (await ctx.http().get(`${P}${path}`).set(...auth(token)).expect(status)).body;

  it('lists open positions, lost ones first then newest, with the spec’s decimals; closed ones are left out', async () => {
    const older = await makePosition(ctx.db);
    const newer = await makePosition(ctx.db);
    const closed = await makePosition(ctx.db);
    await ctx.db.query(`UPDATE positions SET state = 'closed', closed_at = now(), active_p_coins = 0, active_p_size_usd = 0, u_pnl = 0 WHERE id = $1`, [closed.positionId]);
    const lost = await makeLostPosition(ctx.db, { accountId: older.accountId, pairId: older.pairId });
    const body = await get('?page_size=500');
    const ids = body.results.map((r: { id: string }) => r.id);
    expect(ids[0]).toBe(lost);
    expect(ids.indexOf(newer.positionId)).toBeLessThan(ids.indexOf(older.positionId));
    expect(ids).not.toContain(closed.positionId);
    expect(body.count).toBe(ids.length);
    const row = body.results.find((r: { id: string }) => r.id === newer.positionId);
    expect(row).toMatchObject({
      signal_id: newer.signalId,
      profile: { id: newer.profileId, title: expect.any(String) },
      side: 'long',
      state: 'open',
      action_state: 'NONE',
      active_p_coins: 4,
      mark_price: 101.12346,
      k_exit: 0.1234568,
      skip_check_by_timer: false,
      profile_list: [],
    });
    const lostRow = body.results[0];
    expect(lostRow).toMatchObject({ state: null, signal_id: null, profile: null, profile_list: [{ id: older.profileId, title: expect.any(String) }] });
  });

  it('filters by pair__ticker (any case), sorts by an ordering, and the lost tab lists only lost positions', async () => {
    const a = await makePosition(ctx.db, { sizeUsd: 10 });
    const b = await makePosition(ctx.db, { sizeUsd: 20 });
    const [{ ticker }] = await ctx.db.query(`SELECT ticker FROM pairs WHERE id = $1`, [a.pairId]);
    const filtered = await get(`?pair__ticker=${ticker.toLowerCase()}`);
    expect(filtered.results.map((r: { id: string }) => r.id)).toEqual([a.positionId]);
    const sorted = await get('?ordering=-active_p_size_usd&page_size=500');
    const sizes = sorted.results.map((r: { active_p_size_usd: number }) => r.active_p_size_usd);
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x));
    expect((await get('?ordering=signal', full, 400)).ordering).toEqual([OWN_MESSAGES.orderingUnknown]);
    const lostId = await makeLostPosition(ctx.db, { accountId: b.accountId, pairId: b.pairId });
    const lost = await get('lost-positions/?page_size=500');
    expect(lost.results.length).toBeGreaterThan(0);
    expect(lost.results.every((r: { state: unknown }) => r.state === null)).toBe(true);
    expect(lost.results.map((r: { id: string }) => r.id)).toContain(lostId);
  });

  it('at Limited answers only the group’s fields, and refuses a sort on a hidden one; NP is refused', async () => {
    const body = await get('', limited);
    // signal_id is a position row's identity key: its closes address the signal.
    expect(Object.keys(body.results[0]).sort()).toEqual(['active_p_coins', 'id', 'side', 'signal_id', 'ticker']);
    await get('?ordering=side', limited);
    expect((await get('?ordering=u_pnl', limited, 403)).detail).toBe(OWN_MESSAGES.fieldNotAllowed);
    await get('', reader, 403);
  });

  it('account-info answers each account’s newest metrics to 2 decimals; the deposit edit needs a type for the monthly deposit', async () => {
    const { accountId } = await makePosition(ctx.db);
    await ctx.db.query(
      `INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_monthly, deposit_at) VALUES ($1, '2026-01-01T10:00Z', 1000.123, 900, 800), ($1, '2026-01-01T10:01Z', 1001.555, 950, 850)`,
      [accountId],
    );
    const info = await get('account-info/');
    const mine = info.find((r: { id: number }) => r.id === accountId);
    expect(mine).toMatchObject({ account_name: expect.any(String), nav: 1001.56, deposit_monthly: 950, deposit_at: 850, at: '2026-01-01T10:01:00.000Z' });

    const put = (body: object, status: number, id = accountId) => ctx.http().put(`${P}account-info/${id}/`).set(...auth(full)).send(body).expect(status);
    expect((await put({ deposit_monthly: 1200 }, 400)).body).toEqual({ deposit_type: [M.depositTypeRequired] });
    expect((await put({ deposit_monthly: 1200, deposit_type: 'bonus' }, 400)).body).toEqual({ deposit_type: [M.depositTypeRequired] });
    expect((await put({}, 400)).body).toEqual({ detail: M.depositEditEmpty });
    expect((await put({ deposit_at: -1 }, 400)).body).toEqual({ deposit_at: [M.depositValueInvalid] });
    expect((await put({ deposit_monthly: 1200, deposit_type: 'deposit', deposit_at: 900 }, 400)).body).toEqual({ detail: M.depositEditOne });
    // Raising the HWM by 250 is money coming in: a withdrawal or a re-invest cannot say so.
    expect((await put({ deposit_monthly: 1200, deposit_type: 'withdrawal' }, 400)).body).toEqual({ deposit_type: [M.depositTypeDirection] });
    expect((await put({ deposit_monthly: 1200, deposit_type: 'reinvest' }, 400)).body).toEqual({ deposit_type: [M.depositTypeDirection] });
    expect((await put({ deposit_monthly: 0, deposit_type: 'withdrawal' }, 400)).body).toEqual({ deposit_monthly: [M.depositValueInvalid] });

    // Each edit is money moved, recorded as a transaction; the metrics rows are the engine's to move.
    const edited = await put({ deposit_monthly: 1200, deposit_type: 'deposit' }, 200);
    expect(edited.body).toMatchObject({ id: accountId, deposit_monthly: 950, deposit_at: 850 });
    // 250 is recorded and not yet in a row: setting deposit_at to 1,000.5 takes 99.5 out of the 1,100 put in.
    await put({ deposit_at: 1000.5 }, 200);
    await put({ deposit_at: 1000.5 }, 200);
    const flows = await ctx.db.query(
      `SELECT type, amount::float AS amount, deposit_before::float AS before, deposit_after::float AS after, requested_by FROM deposit_transactions WHERE exchange_account_id = $1 ORDER BY id`,
      [accountId],
    );
    expect(flows).toEqual([
      { type: 'deposit', amount: 250, before: 850, after: 1100, requested_by: fullUserId },
      { type: 'withdrawal', amount: 99.5, before: 1100, after: 1000.5, requested_by: fullUserId },
    ]);
    const rows = await ctx.db.query(`SELECT deposit_monthly::float AS m, deposit_at::float AS a FROM account_metrics WHERE exchange_account_id = $1 ORDER BY at`, [accountId]);
    expect(rows).toEqual([{ m: 900, a: 800 }, { m: 950, a: 850 }]);
    const logs = await ctx.db.query(`SELECT type, log_data FROM logs WHERE event_type = 'account_deposit_edited' AND (log_data->>'exchange_account_id')::int = $1 ORDER BY id`, [accountId]);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ type: 'user', log_data: { field: 'deposit_monthly', deposit_type: 'deposit', before: { deposit_monthly: 950, deposit_at: 850 }, after: { deposit_monthly: 1200, deposit_at: 1100 } } });
    expect(logs[1]).toMatchObject({ log_data: { field: 'deposit_at', deposit_type: 'withdrawal', before: { deposit_at: 1100 }, after: { deposit_at: 1000.5 } } });
    const other = await makePosition(ctx.db);
    expect((await put({ deposit_at: 1 }, 400, other.accountId)).body).toEqual({ detail: M.noMetricsYet });
    await put({ deposit_at: 1 }, 404, 2_000_000);
    await ctx.http().put(`${P}account-info/${accountId}/`).set(...auth(limited)).send({ deposit_at: 1 }).expect(403);
  });
});
