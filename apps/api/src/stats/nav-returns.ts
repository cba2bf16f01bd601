/**
 * NAV returns: the one computation of Return month % and ACGR (STATS_FIGURES), which By Months (its
 * table, summary and system data) and the position administration card all show. Pure decimals over an
 * account's month bars.
 *
 * Money moved in or out between two minutes is the change of Deposit AT (deposits − withdrawals): it
 * shifts the base the return is measured from, as the engine shifts its day and month bases, so a
 * deposit is never a gain and a withdrawal never a loss.
 */
import { Dec } from '../common/decimal';

/** NAV and Deposit AT at one minute. */
export interface NavPoint {
  at: Date;
  nav: Dec;
  deposit: Dec;
}

/** One UTC month of an account's metrics: its first and last minute. */
export interface MonthNav {
  /** The month's first day, YYYY-MM-DD. */
  period: string;
  open: NavPoint;
  close: NavPoint;
}

export interface NavReturn {
  /** NAV's change less the money moved in (+) or out (−), USD. */
  usd: Dec;
  /** Percent of the shifted base; null when that base is not above 0. */
  percent: Dec | null;
  /** How many months the return covers: the time from its start to its end over the month's length. */
  months: Dec;
}

const HUNDRED = new Dec(100);
const DAY_MS = 86_400_000;

/** From `start` to `end`: `100 · (NAV at the end / (NAV at the start + money moved in − out) − 1)`. */
export function navReturn(start: NavPoint, end: NavPoint): Pick<NavReturn, 'usd' | 'percent'> {
  const base = start.nav.plus(end.deposit.minus(start.deposit));
  const usd = end.nav.minus(base);
  return { usd, percent: base.greaterThan(0) ? usd.times(HUNDRED).div(base) : null };
}

/**
 * Each month's NAV return, by period: from the month before's last minute (the account's first month:
 * its first minute) to the month's last minute, so the months chain without a gap and compound to the
 * return of the whole time. `months` are every month of the account with metrics, oldest first.
 */
export function monthNavReturns(months: readonly MonthNav[]): Map<string, NavReturn> {
  return new Map(
    months.map((month, i) => {
      const start = i === 0 ? month.open : months[i - 1].close;
      const covered = month.close.at.getTime() - start.at.getTime();
      return [month.period, { ...navReturn(start, month.close), months: new Dec(covered).div(monthLength(month.period)) }];
    }),
  );
}

/** The compounded return of the months, percent: `100 · (Π (1 + rᵢ / 100) − 1)`; null without a known month. */
export function compoundedPercent(percents: readonly (Dec | null)[]): Dec | null {
  const known = percents.filter((p): p is Dec => p !== null);
  return known.length ? growthOf(known).minus(1).times(HUNDRED) : null;
}

/**
 * ACGR, the average monthly capital growth: `100 · ((Π (1 + rᵢ / 100))^(1 / months) − 1)`, where a month
 * counts as the part of it its return covers (a first month begun on its 20th counts about a third), and
 * the whole at least one month, so a young account's few days are not stretched into a monthly rate.
 * Null without a return, or when the months lost everything.
 */
export function capitalGrowthRate(returns: readonly NavReturn[]): Dec | null {
  const known = returns.filter((r) => r.percent !== null);
  if (!known.length) return null;
  const growth = growthOf(known.map((r) => r.percent!));
  if (!growth.greaterThan(0)) return null;
  const months = Dec.max(1, known.reduce((acc, r) => acc.plus(r.months), new Dec(0)));
  return growth.pow(new Dec(1).div(months)).minus(1).times(HUNDRED);
}

const growthOf = (percents: readonly Dec[]): Dec => percents.reduce((acc, p) => acc.times(p.div(HUNDRED).plus(1)), new Dec(1));

/** The length of the UTC month of `period` (YYYY-MM-DD), in ms. */
function monthLength(period: string): number {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).getUTCDate() * DAY_MS;
}
