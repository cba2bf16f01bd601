import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_MAX_POINTS, STATS_MESSAGES as M } from '@console/contracts';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, TestContext } from '../test/harness';
import { planChart } from './chart-buckets';
import { mergeToLimit } from './charts.service';

const C = '/api/v2/statistics/statistics-chart/';

describe('chart series', () => {
  let ctx: TestContext;
  let token: string;
  let sparse: number;
  let dense: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await sessionFor(ctx, (await makeUser(ctx.db, { perms: [{ section_name: 'charts', status: 'Full' }] })).id)).access;
    const account = async (title: string) => (await ctx.db.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage) VALUES ($1, 'k', 'x', 5) RETURNING id`, [title]))[0].id as number;
    sparse = await account('Sparse');
    dense = await account('Dense');
    // Sparse: five minutes over two months (NAV, deposit, imp. loss, VAR).
    for (const [at, nav, deposit, impLoss, v] of [
      ['2026-01-01T00:00Z', 1000, 1000, -10, 200],
      ['2026-01-15T12:00Z', 1100, 1000, -22, 330],
      ['2026-01-31T23:59Z', 1050, 1000, 0, 0],
      ['2026-02-01T00:00Z', 1050, 1050, 0, 0],
      ['2026-02-28T23:59Z', 1200, 1050, 0, 0],
    ] as const) {
      await ctx.db.query(`INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at, imp_loss, var) VALUES ($1, $2, $3, $4, $5, $6)`, [sparse, at, nav, deposit, impLoss, v]);
    }
    // Dense: every minute of three days, NAV 1000 + (minute mod 7), in one statement (as a bulk load).
    await ctx.db.query(
      `INSERT INTO account_metrics (exchange_account_id, at, nav, deposit_at)
       SELECT $1, at, 1000 + (extract(epoch FROM at - '2026-03-01T00:00Z')::int / 60) % 7, 1000
         FROM generate_series('2026-03-01T00:00Z'::timestamptz, '2026-03-03T23:59Z', interval '1 minute') at`,
      [dense],
    );
  });
  afterAll(() => ctx?.close());

  const get = (qs: string) => ctx.http().get(`${C}?${qs}`).set(...auth(token));

  it('answers OHLC candles by month from the rollup', async () => {
    const res = (await get(`exchange_account=${sparse}&data_type=NAV&chart_type=candles&tf=1M&date_from=2026-01-01&date_to=2026-02-28`).expect(200)).body;
    expect(res.points).toEqual([
      { date: '2026-01-01T00:00:00.000Z', open: 1000, high: 1100, low: 1000, close: 1050 },
      { date: '2026-02-01T00:00:00.000Z', open: 1050, high: 1200, low: 1050, close: 1200 },
    ]);
  });

  it('answers points for line and column: equity against the deposit, imp. loss and VAR as percents of NAV', async () => {
    const equity = (await get(`exchange_account=${sparse}&data_type=Equity&tf=1d&date_from=2026-01-01&date_to=2026-01-31`).expect(200)).body;
    expect(equity.chart_type).toBe('line');
    // 1100 / 1000 − 1 = 10 %; 1050 / 1000 − 1 = 5 %
    expect(equity.points).toEqual([
      { date: '2026-01-01T00:00:00.000Z', value: 0 },
      { date: '2026-01-15T00:00:00.000Z', value: 10 },
      { date: '2026-01-31T00:00:00.000Z', value: 5 },
    ]);
    const v = (await get(`exchange_account=${sparse}&data_type=VAR&tf=1d&period=2026-01-01,2026-01-15T23:59`).expect(200)).body;
    expect(v.chart_type).toBe('column'); // VAR's default
    expect(v.points.map((p: { value: number }) => p.value)).toEqual([20, 30]); // 200 / 1000, 330 / 1100
    const loss = (await get(`exchange_account=${sparse}&data_type=Imp.Loss&chart_type=column&tf=1w&date_from=2026-01-12&date_to=2026-01-18`).expect(200)).body;
    expect(loss.points).toEqual([{ date: '2026-01-12T00:00:00.000Z', value: -2 }]); // −22 / 1100
  });

  it('reads minutes in wider buckets past 2,000 points, one point per x, OHLC of the minutes merged', async () => {
    const res = (await get(`exchange_account=${dense}&data_type=NAV&chart_type=candles&tf=1m&date_from=2026-03-01&date_to=2026-03-03`).expect(200)).body;
    // 3 days = 4,320 minutes: buckets of ⌈4320 / 2000⌉ = 3 minutes, 1,440 of them.
    expect(res.bucket_seconds).toBe(180);
    expect(res.points).toHaveLength(1440);
    expect(new Set(res.points.map((p: { date: string }) => p.date)).size).toBe(1440);
    // Minutes 0, 1, 2: NAV 1000, 1001, 1002; minutes 6, 7, 8: 1006, 1000, 1001.
    expect(res.points[0]).toEqual({ date: '2026-03-01T00:00:00.000Z', open: 1000, high: 1002, low: 1000, close: 1002 });
    expect(res.points[2]).toEqual({ date: '2026-03-01T00:06:00.000Z', open: 1006, high: 1006, low: 1000, close: 1001 });
    // A year of minutes asked for: hourly rollup buckets of 5 hours, never more than 2,000 points.
    const year = (await get(`exchange_account=${dense}&data_type=NAV&tf=1m&date_from=2025-06-01&date_to=2026-05-31`).expect(200)).body;
    expect(year.bucket_seconds).toBe(5 * 3600);
    expect(year.points.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(year.points).toHaveLength(15); // 72 hours of data in 5-hour buckets
    const hourly = (await get(`exchange_account=${dense}&data_type=NAV&chart_type=candles&tf=1h&date_from=2026-03-01&date_to=2026-03-01`).expect(200)).body;
    expect(hourly.points).toHaveLength(24);
    expect(hourly.points[0]).toMatchObject({ open: 1000, high: 1006, low: 1000, close: 1003 }); // minute 59: 59 mod 7 = 3
  });

  it('plans buckets within the limit for every time frame and range', () => {
    for (const tf of ['1m', '1h', '1d'] as const) {
      for (const days of [1, 3, 30, 200, 1095, 3650]) {
        const plan = planChart(tf, days * 86400);
        expect(Math.ceil((days * 86400) / plan.bucketSeconds)).toBeLessThanOrEqual(CHART_MAX_POINTS);
      }
    }
    expect(planChart('1d', 1095 * 86400)).toEqual({ source: '1d', bucketSeconds: 86400 });
    expect(planChart('1m', 86400)).toEqual({ source: 'minutes', bucketSeconds: 60 });
  });

  it('merges duplicates of an x and runs of neighbours past the limit', () => {
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000);
    const row = (i: number, v: number) => ({ x: at(i), open: String(v), high: String(v + 1), low: String(v - 1), close: String(v) });
    expect(mergeToLimit([row(0, 1), row(0, 2), row(1, 3)]).buckets.map((b) => b.close)).toEqual(['2', '3']);
    const many = mergeToLimit(Array.from({ length: 4001 }, (_, i) => row(i, i)));
    expect(many.factor).toBe(3);
    expect(many.buckets.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(many.buckets[1]).toMatchObject({ open: '3', close: '5', high: '6', low: '2' });
  });

  it('answers 400 for bad dates, periods and types', async () => {
    expect((await get('date_from=2026-02-30').expect(400)).body).toEqual({ date_from: [M.dateTimeInvalid] });
    expect((await get('period=2026-03-01,2026-01-01').expect(400)).body).toEqual({ period: [M.periodInvalid] });
    expect((await get('data_type=Profit').expect(400)).body).toEqual({ data_type: [M.valueInvalid] });
    expect((await get('chart_type=pie').expect(400)).body).toEqual({ chart_type: [M.valueInvalid] });
    expect((await get('tf=2m').expect(400)).body).toEqual({ tf: [M.valueInvalid] });
    expect((await get('date_from=2026-03-02&date_to=2026-03-01').expect(400)).body).toEqual({ date_from: [M.rangeReversed] });
  });

  it('with no account asked for, draws the oldest account with metrics', async () => {
    const res = (await get('data_type=NAV&tf=1M&date_from=2026-01-01&date_to=2026-03-31').expect(200)).body;
    expect(res.exchange_account).toEqual({ id: sparse, title: 'Sparse' });
  });
});
