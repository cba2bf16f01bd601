import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../market/candle';
import { dec, type Dec } from '../money';
import { flowSince, minuteMetrics, monthlyGrowth, monthlyGrowthExact, type AccountMetricsRow, type MinuteMetricsInput } from './account-metrics';

const T = Date.UTC(2024, 0, 31, 23, 59);
const base: MinuteMetricsInput = {
  exchange_account_id: 7,
  at: T,
  balances: { usdt: dec(8000), usdc: dec(1500), other_stable: dec(500), coins: [] },
  unrealised: [dec(120), dec(-70)],
  open_order_values: [dec(300), dec(200)],
  var: dec(150),
  var_with_orders: dec(210),
  flow: dec(0),
  initial_deposit: dec(10000),
};
const text = (row: AccountMetricsRow) =>
  Object.fromEntries(Object.entries(row).map(([key, value]: [string, Dec | number]) => [key, typeof value === 'number' ? value : value.toFixed()]));

describe('account metrics', () => {
  it('fill every column of a first row from balances, positions, orders and VaR', () => {
    const { row } = minuteMetrics(null, base);
    expect(text(row)).toEqual({
      exchange_account_id: 7,
      at: T,
      nav: '10050',
      asset_usdt: '8000',
      asset_usdc: '1500',
      other_stable_coins: '500',
      asset_sum: '10000',
      var: '150',
      open_orders_volume: '500',
      // 10,050 − 210.
      free_var: '9840',
      imp_loss: '-70',
      max_dd: '0',
      max_ddd: '0',
      deposit_monthly: '10050',
      deposit_at: '10000',
      balance_daily: '10050',
      return_day_percent: '0',
      return_month_percent: '0',
      return_at_percent: '0.5',
      // A month at least: 100 · (10,050 / 10,000 − 1).
      avg_capital_growth_rate: '0.5',
    });
  });

  it('follow drawdowns, new days and months, and deposits without counting them as returns', () => {
    const first = minuteMetrics(null, base);
    // 2024-02-01 00:00: a new day and month; the position now loses 400: NAV 9,600.
    const second = minuteMetrics(first, { ...base, at: T + MINUTE_MS, unrealised: [dec(-400)] });
    expect(text(second.row)).toMatchObject({
      nav: '9600',
      imp_loss: '-400',
      // (10,050 − 9,600) / 10,050.
      max_dd: '4.47761194',
      // One minute below the peak, in days.
      max_ddd: '0.00069444',
      deposit_monthly: '10050',
      // The day and the month start from the NAV the last minute before them left, 10,050: this
      // minute's fall is the new day's and month's.
      balance_daily: '10050',
      return_day_percent: '-4.47761194',
      return_month_percent: '-4.47761194',
      return_at_percent: '-4',
      avg_capital_growth_rate: '-4',
    });
    // A day later 1,000 comes in and the position gains 100: NAV 11,100, a new peak after 11,050.
    const third = minuteMetrics(second, { ...base, at: T + MINUTE_MS + DAY_MS, balances: { ...base.balances, usdt: dec(9000) }, unrealised: [dec(100)], flow: dec(1000) });
    expect(text(third.row)).toMatchObject({
      nav: '11100',
      deposit_at: '11000',
      deposit_monthly: '11050',
      // The day starts from yesterday's last NAV 9,600, shifted by the 1,000 moved in.
      balance_daily: '10600',
      return_day_percent: '4.71698113',
      // Against the month's start 10,050 + 1,000.
      return_month_percent: '0.45248869',
      return_at_percent: '0.90909091',
      max_dd: '4.47761194',
      // Below the peak from minute 1 until this row: a day and a minute.
      max_ddd: '1.00069444',
    });
    expect([third.nav_peak.toFixed(), third.nav_peak_at]).toEqual(['11100', T + MINUTE_MS + DAY_MS]);
  });

  it('take a deposit mid-day as a flow: NAV grows by it, no return, the curve of nav / deposit_at flat', () => {
    const noon = Date.UTC(2024, 2, 5, 12, 0);
    const quiet: MinuteMetricsInput = { ...base, at: noon, balances: { usdt: dec(9473.68), usdc: dec(0), other_stable: dec(0), coins: [] }, unrealised: [], initial_deposit: dec(10000) };
    const before = minuteMetrics(null, quiet);
    // The demo's case: +10 % of the deposit at noon. The wallet holds the money put in plus what was realised.
    const moneyIn = dec(11000);
    const flow = flowSince(before, moneyIn);
    expect(flow.toFixed()).toBe('1000');
    const after = minuteMetrics(before, { ...quiet, at: noon + MINUTE_MS, balances: { ...quiet.balances, usdt: dec(10473.68) }, flow });
    expect(text(after.row)).toMatchObject({
      nav: '10473.68',
      deposit_at: '11000',
      balance_daily: '10473.68',
      return_day_percent: '0',
      return_month_percent: '0',
      max_dd: '0',
      deposit_monthly: '10473.68',
    });
    // Return AT % (the equity curve, nav / deposit_at) no longer jumps by the deposit (it did +11 points):
    // the same loss of 526.32 on 11,000 put in instead of 10,000 is a smaller share, nothing more.
    expect(Number(before.row.return_at_percent.toFixed())).toBeCloseTo(-5.2632, 4);
    expect(Number(after.row.return_at_percent.toFixed())).toBeCloseTo(-4.7847, 4);
    // Once applied, the same money put in is no flow at all.
    expect(flowSince(after, moneyIn).toFixed()).toBe('0');
  });

  it('take a withdrawal as a flow: no drawdown, no loss of the day, every base lowered by it', () => {
    const noon = Date.UTC(2024, 2, 5, 12, 0);
    const quiet: MinuteMetricsInput = { ...base, at: noon, balances: { usdt: dec(10000), usdc: dec(0), other_stable: dec(0), coins: [] }, unrealised: [dec(200)] };
    const before = minuteMetrics(null, quiet);
    const flow = flowSince(before, dec(7000));
    expect(flow.toFixed()).toBe('-3000');
    // 3,000 leave; the position gains another 50 in the same minute.
    const after = minuteMetrics(before, { ...quiet, at: noon + MINUTE_MS, balances: { ...quiet.balances, usdt: dec(7000) }, unrealised: [dec(250)], flow });
    expect(text(after.row)).toMatchObject({
      nav: '7250',
      deposit_at: '7000',
      deposit_monthly: '7200',
      balance_daily: '7200',
      return_day_percent: '0.69444444',
      max_dd: '0',
      max_ddd: '0',
      return_at_percent: '3.57142857',
    });
    expect(after.nav_peak.toFixed()).toBe('7250');
  });

  it('raise the monthly HWM at a month’s first row only, and average growth over the months lived', () => {
    const first = minuteMetrics(null, base);
    const lower = minuteMetrics(first, { ...base, at: Date.UTC(2024, 1, 15), unrealised: [dec(-50)] });
    expect(lower.row.deposit_monthly.toFixed()).toBe('10050');
    // 60 days after the first row, NAV 12,100 on a deposit of 10,000: two months of 10 %.
    const later = minuteMetrics(lower, { ...base, at: T + 60 * DAY_MS, unrealised: [dec(2100)] });
    expect(later.row.deposit_monthly.toFixed()).toBe('12100');
    expect(later.row.avg_capital_growth_rate.toFixed()).toBe('10');
  });

  it('value coins held at their price in the asset sum', () => {
    const { row } = minuteMetrics(null, { ...base, balances: { ...base.balances, coins: [{ quantity: dec('0.5'), price: dec('60000.1') }] }, unrealised: [] });
    expect([row.asset_sum.toFixed(), row.nav.toFixed(), row.imp_loss.toFixed()]).toEqual(['40000.05', '40000.05', '0']);
  });
});

describe('the monthly growth rate', () => {
  it('in floats is the 40-digit decimal value, rounded the same, over many accounts and ages', () => {
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 3000; i++) {
      const deposit = dec((1000 + random() * 100_000).toFixed(8));
      const nav = dec(deposit.times(0.2 + random() * 2).toFixed(8));
      const elapsed = Math.floor(random() * 400) * DAY_MS + Math.floor(random() * 1440) * 60_000;
      expect(monthlyGrowth(nav, deposit, elapsed).toString()).toBe(monthlyGrowthExact(nav, deposit, elapsed).toString());
    }
  });
});
