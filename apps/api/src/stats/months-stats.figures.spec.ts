import { describe, expect, it } from 'vitest';
import { dec } from '../common/decimal';
import { averageFigures, type MonthInput, monthFigures, monthSummary, rowOf, totalFigures } from './months-stats.figures';
import { monthNavReturns } from './nav-returns';

/**
 * A year of months whose amounts end in half a cent: binary floats round 500.005 down to 500.00, the
 * decimal figures round it half away from zero to 500.01 and sum twelve of them to 6,000.06 exactly.
 * Every expected figure below was worked out by hand from these inputs.
 */
const STEP = '500.005';
const periodOf = (i: number) => `2025-${String(i + 1).padStart(2, '0')}-01`;
const navOpenOf = (i: number) => dec('100000').plus(dec(STEP).times(i));
// Each month's NAV from its first minute to its last, nothing moved in or out: a NAV return of 500.005.
const navReturns = monthNavReturns(
  Array.from({ length: 12 }, (_, i) => ({
    period: periodOf(i),
    open: { at: new Date(`${periodOf(i)}T00:00:00Z`), nav: navOpenOf(i), deposit: dec('100000') },
    close: { at: new Date(Date.UTC(2025, i + 1, 1) - 60_000), nav: navOpenOf(i).plus(dec(STEP)), deposit: dec('100000') },
  })),
);
const year: MonthInput[] = Array.from({ length: 12 }, (_, i) => {
  const navOpen = navOpenOf(i);
  const navClose = navOpen.plus(dec(STEP));
  return {
    period: periodOf(i),
    navOpen,
    navClose,
    depositOpen: dec('100000'),
    depositClose: dec('100000'),
    hwm: navClose,
    hwmBefore: i === 0 ? null : navOpen,
    nav: navReturns.get(periodOf(i))!,
    qtyProfit: 3,
    qtyLoss: 1,
    qtyMissed: 2,
    profit: dec('1000.005'),
    loss: dec('-500'),
    turnover: dec('1000.5'),
    reinvest: dec('250.0025'),
  };
});

describe('months statistics in decimals', () => {
  it('rounds each month half away from zero: 500.005 is 500.01, not 500.00', () => {
    for (const month of year) {
      expect(rowOf('admin', month.period, monthFigures(month))).toEqual({
        period: month.period,
        deposit: 100000,
        winrate: 75,
        return_realized: 500.01,
        return_realized_percent: 0.5,
        reinvest_percent_realized: 50,
        qty_total: 4,
        turn_over: 1001,
        hwm: month.navClose!.toDecimalPlaces(2).toNumber(),
        profit_factor: 2,
        return_hwm: 500.01,
        return_hwm_percent: Number(dec(STEP).times(100).div(month.hwmBefore ?? month.navOpen!).toFixed(2)),
        return_nav: 500.01,
        // From the month before's last NAV, which is this month's first.
        return_nav_percent: Number(dec(STEP).times(100).div(month.navOpen!).toFixed(2)),
        qty_profit: 3,
        qty_loss: 1,
        qty_missed: 2,
      });
    }
  });

  it('loses no cent over a year: the total, the month and day averages', () => {
    const total = totalFigures(year);
    expect(rowOf('admin', null, total)).toMatchObject({
      return_realized: 6000.06,
      return_hwm: 6000.06,
      // 6,000.06 over the first month's opening NAV of 100,000.
      return_hwm_percent: 6,
      // The NAV months chain: they sum to the cent and compound to the year's 6.00006 %.
      return_nav: 6000.06,
      return_nav_percent: 6,
      // (1.00500005)^12 − 1 = 6.16784457…%
      return_realized_percent: 6.17,
      reinvest_percent_realized: 50,
      turn_over: 12006,
      qty_total: 48,
      qty_missed: 24,
      hwm: 106000.06,
      deposit: 100000,
    });
    expect(rowOf('admin', null, averageFigures(total, 12))).toMatchObject({ return_realized: 500.01, return_hwm: 500.01, turn_over: 1001, qty_total: 4 });
    // 6,000.06 over 365 days is 16.4385205…
    expect(rowOf('client', null, averageFigures(total, 365))).toMatchObject({ return_realized: 16.44, turn_over: 33 });
  });

  it('the summary, on NAV returns: every month positive, the first the best, the last the worst, ACGR the monthly rate', () => {
    expect(monthSummary(year)).toEqual({
      positive_months: 100,
      // 500.005 on 100,000, and on 105,500.055.
      best_month_return: { value: 0.5, date: '2025-01-01' },
      worst_month_return: { value: 0.47, date: '2025-12-01' },
      // 1.0600006^(1/12) − 1 = 0.48675…%: the year's growth spread evenly over its months.
      avg_capital_growth_rate: 0.49,
    });
  });

  it('a month without a loss has no profit factor, one without NAV no HWM return', () => {
    const quiet: MonthInput = { ...year[0], loss: dec(0), navOpen: null, navClose: null, hwm: null, hwmBefore: null, depositOpen: null, nav: null };
    expect(rowOf('admin', quiet.period, monthFigures(quiet))).toMatchObject({
      profit_factor: null,
      return_hwm: null,
      return_hwm_percent: null,
      return_nav: null,
      return_nav_percent: null,
      return_realized: 1000.01,
      return_realized_percent: null,
      reinvest_percent_realized: 25,
    });
  });
});
