import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRADING_SIZES, generateTradingData } from '../demo/trading-data';
import { createTestApp, TestContext } from '../test/harness';

/** The generator bulk-loads raw rows in big statements: the rollups must come out equal to the raw rows. */
describe('statistics rollups after a bulk load', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await generateTradingData(ctx.db, { ...DEMO_TRADING_SIZES, signals: 3000, metricsDays: 40 });
  });
  afterAll(() => ctx?.close());

  it('profile and account totals equal the finished and missed signals', async () => {
    const [raw] = await ctx.db.query(`
      SELECT count(*) FILTER (WHERE status = 'finished')::int AS finished, count(*) FILTER (WHERE status = 'missed')::int AS missed,
             round(sum(pnl_in_usd) FILTER (WHERE status = 'finished'), 4)::text AS pnl,
             count(*) FILTER (WHERE status = 'finished' AND pnl_in_usd <= 0)::int AS losses
        FROM signals`);
    const [rolled] = await ctx.db.query(`
      SELECT sum(qty_profit + qty_loss)::int AS finished, sum(qty_missed)::int AS missed, round(sum(profit_usd + loss_usd), 4)::text AS pnl, sum(qty_loss)::int AS losses
        FROM profile_stats`);
    expect(rolled).toEqual(raw);
    expect(raw.losses).toBeGreaterThan(0);
    const [account] = await ctx.db.query(`SELECT sum(qty_profit + qty_loss)::int AS finished FROM account_stats`);
    expect(account.finished).toBe(raw.finished);
  });

  it('metrics bars cover every minute at every time frame, with the extremes of the minutes', async () => {
    const [{ minutes }] = await ctx.db.query(`SELECT count(*)::int AS minutes FROM account_metrics`);
    const bars: { tf: string; minutes: number; high: string; low: string }[] = await ctx.db.query(
      `SELECT tf, sum(minutes)::int AS minutes, max(nav_high)::text AS high, min(nav_low)::text AS low FROM account_metric_bars GROUP BY tf ORDER BY tf`,
    );
    const [raw] = await ctx.db.query(`SELECT max(nav)::text AS high, min(nav)::text AS low FROM account_metrics`);
    expect(bars.map((b) => b.tf)).toEqual(['1M', '1d', '1h', '1w']);
    for (const bar of bars) expect(bar).toMatchObject({ minutes, high: raw.high, low: raw.low });
  });
});
