import { describe, expect, it } from 'vitest';
import { dec } from '../common/decimal';
import { capitalGrowthRate, compoundedPercent, type MonthNav, monthNavReturns, navReturn } from './nav-returns';

const point = (at: string, nav: number | string, deposit: number | string) => ({ at: new Date(at), nav: dec(nav), deposit: dec(deposit) });
const month = (period: string, open: ReturnType<typeof point>, close: ReturnType<typeof point>): MonthNav => ({ period, open, close });
const text = (value: { toFixed: (places: number) => string } | null | undefined, places = 8) => value?.toFixed(places) ?? null;

describe('NAV returns', () => {
  it('count money moved in or out as neither gain nor loss: it shifts the base', () => {
    // 10,000 to 11,100 with 1,000 put in: earned 100 on 11,000.
    const deposit = navReturn(point('2026-01-01T00:00Z', 10_000, 10_000), point('2026-01-31T23:59Z', 11_100, 11_000));
    expect([text(deposit.usd), text(deposit.percent)]).toEqual(['100.00000000', '0.90909091']);
    // 10,000 to 7,900 with 2,000 taken out: lost 100 on 8,000, not 2,100.
    const withdrawal = navReturn(point('2026-01-01T00:00Z', 10_000, 10_000), point('2026-01-31T23:59Z', 7_900, 8_000));
    expect([text(withdrawal.usd), text(withdrawal.percent)]).toEqual(['-100.00000000', '-1.25000000']);
    // Nothing left to measure from: no percent.
    expect(navReturn(point('2026-01-01T00:00Z', 0, 0), point('2026-01-02T00:00Z', 50, 0)).percent).toBeNull();
  });

  it('start each month from the month before’s last minute, so the months compound to the whole return', () => {
    const returns = monthNavReturns([
      month('2026-01-01', point('2026-01-01T00:00Z', 1_000, 1_000), point('2026-01-31T23:59Z', 1_100, 1_000)),
      // February's first minute already fell to 1,050: that fall is February's, not lost between months.
      month('2026-02-01', point('2026-02-01T00:00Z', 1_050, 1_000), point('2026-02-28T23:59Z', 1_210, 1_000)),
    ]);
    expect(text(returns.get('2026-01-01')!.percent)).toBe('10.00000000');
    // 1,210 / 1,100 − 1, not 1,210 / 1,050 − 1.
    expect(text(returns.get('2026-02-01')!.percent)).toBe('10.00000000');
    expect(text(compoundedPercent([...returns.values()].map((r) => r.percent)))).toBe('21.00000000');
  });

  it('count the part of a month the NAV covers, and a month missing in between in the next one', () => {
    const returns = monthNavReturns([
      // From the 21st: 11 days less a minute of January's 31.
      month('2026-01-01', point('2026-01-21T00:00Z', 1_000, 1_000), point('2026-01-31T23:59Z', 1_010, 1_000)),
      // No February: March runs from January's last minute, 59 days of March's 31.
      month('2026-03-01', point('2026-03-01T00:00Z', 1_010, 1_000), point('2026-03-31T23:59Z', 1_030.2, 1_000)),
    ]);
    expect(text(returns.get('2026-01-01')!.months, 6)).toBe(((11 * 1440 - 1) / (31 * 1440)).toFixed(6));
    expect(text(returns.get('2026-03-01')!.months, 6)).toBe((59 / 31).toFixed(6));
  });

  it('ACGR: the monthly rate that grows to the whole return over the months covered, at least one month', () => {
    const threeMonths = monthNavReturns([
      month('2026-01-01', point('2026-01-01T00:00Z', 1_000, 1_000), point('2026-01-31T23:59Z', 1_010, 1_000)),
      month('2026-02-01', point('2026-02-01T00:00Z', 1_010, 1_000), point('2026-02-28T23:59Z', 1_030.2, 1_000)),
      month('2026-03-01', point('2026-03-01T00:00Z', 1_030.2, 1_000), point('2026-03-31T23:59Z', 1_040.502, 1_000)),
    ]);
    // 1 %, 2 %, 1 %: (1.01 · 1.02 · 1.01)^(1 / 3) − 1, January a minute short of its 31 days.
    const months = 2 + (31 * 1440 - 1) / (31 * 1440);
    expect(text(capitalGrowthRate([...threeMonths.values()]), 6)).toBe((100 * (Math.pow(1.01 * 1.02 * 1.01, 1 / months) - 1)).toFixed(6));
    // Three days of 1 % are not stretched into a monthly 10 %.
    const young = monthNavReturns([month('2026-01-01', point('2026-01-10T00:00Z', 1_000, 1_000), point('2026-01-13T00:00Z', 1_010, 1_000))]);
    expect(text(capitalGrowthRate([...young.values()]))).toBe('1.00000000');
    expect(capitalGrowthRate([])).toBeNull();
  });
});
