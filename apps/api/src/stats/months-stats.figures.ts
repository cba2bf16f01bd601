/**
 * The months table and its summary from per-month inputs (STATS_FIGURES; docs/metrics.md, "Months statistics"). Pure:
 * the service reads the rollups, these functions do the arithmetic, so the definitions are tested here.
 * Money and the ratios made of it are exact decimals until the answer rounds them (the decimal policy):
 * a year of months sums to the cent.
 */
import type { MonthsRow, MonthsSummary, MonthsView } from '@console/contracts';
import { Dec, toJsonNumber } from '../common/decimal';
import { capitalGrowthRate, compoundedPercent, type NavReturn } from './nav-returns';

/** One month's inputs: account metrics bars, signal sums and re-invested amounts. */
export interface MonthInput {
  period: string;
  /** NAV bars of the month, null when the account has no metrics that month. */
  navOpen: Dec | null;
  navClose: Dec | null;
  depositOpen: Dec | null;
  depositClose: Dec | null;
  /** The highest NAV up to the end of the month, and up to the end of the month before (null: none before). */
  hwm: Dec | null;
  hwmBefore: Dec | null;
  /** The month's NAV return (nav-returns.ts), null when the account has no metrics that month. */
  nav: NavReturn | null;
  qtyProfit: number;
  qtyLoss: number;
  qtyMissed: number;
  profit: Dec;
  loss: Dec;
  turnover: Dec;
  reinvest: Dec;
}

const ZERO = new Dec(0);
const HUNDRED = new Dec(100);

/** The answer's number: rounded half away from zero to `decimals`, like PostgreSQL's round(numeric). */
const round = (value: Dec | number | null, decimals = 2): number | null => (value === null ? null : toJsonNumber(value, decimals));
const percentOf = (part: Dec, whole: Dec | null): Dec | null => (whole === null || whole.isZero() ? null : part.times(HUNDRED).div(whole));
const sumOf = (months: MonthInput[], pick: (m: MonthInput) => Dec): Dec => months.reduce((acc, m) => acc.plus(pick(m)), ZERO);

interface Figures {
  hwm: Dec | null;
  deposit: Dec | null;
  profitFactor: Dec | null;
  winrate: Dec | null;
  returnHwm: Dec | null;
  returnHwmPercent: Dec | null;
  returnNav: Dec | null;
  returnNavPercent: Dec | null;
  returnRealized: Dec;
  returnRealizedPercent: Dec | null;
  reinvestPercent: Dec | null;
  qtyTotal: Dec;
  qtyProfit: Dec;
  qtyLoss: Dec;
  qtyMissed: Dec;
  turnover: Dec;
}

/** Profit factor: profit over the loss's size, when there was a loss. */
const profitFactorOf = (profit: Dec, loss: Dec): Dec | null => (loss.isNegative() && !loss.isZero() ? profit.div(loss.negated()) : null);
/** Win rate: the share of profitable signals among those that ended in profit or loss. */
const winrateOf = (qtyProfit: number, qtyLoss: number): Dec | null => percentOf(new Dec(qtyProfit), new Dec(qtyProfit + qtyLoss));
/** Re-invested share of a positive realised return. */
const reinvestPercentOf = (reinvest: Dec, realized: Dec): Dec | null => (realized.isPositive() && !realized.isZero() ? percentOf(reinvest, realized) : null);

export function monthFigures(m: MonthInput): Figures {
  const realized = m.profit.plus(m.loss);
  // The mark to beat: the highest NAV before the month, or the month's opening NAV in the first month.
  const mark = m.hwmBefore ?? m.navOpen;
  const returnHwm = m.navClose !== null && mark !== null ? m.navClose.minus(mark) : null;
  return {
    hwm: m.hwm,
    deposit: m.depositClose,
    profitFactor: profitFactorOf(m.profit, m.loss),
    winrate: winrateOf(m.qtyProfit, m.qtyLoss),
    returnHwm,
    returnHwmPercent: returnHwm !== null ? percentOf(returnHwm, mark) : null,
    returnNav: m.nav?.usd ?? null,
    returnNavPercent: m.nav?.percent ?? null,
    returnRealized: realized,
    returnRealizedPercent: percentOf(realized, m.depositOpen),
    reinvestPercent: reinvestPercentOf(m.reinvest, realized),
    qtyTotal: new Dec(m.qtyProfit + m.qtyLoss),
    qtyProfit: new Dec(m.qtyProfit),
    qtyLoss: new Dec(m.qtyLoss),
    qtyMissed: new Dec(m.qtyMissed),
    turnover: m.turnover,
  };
}

/** The total row: sums of amounts and counts, ratios of the sums, compounded percents, the last HWM and deposit. */
export function totalFigures(months: MonthInput[]): Figures {
  const profit = sumOf(months, (m) => m.profit);
  const loss = sumOf(months, (m) => m.loss);
  const realized = profit.plus(loss);
  const withNav = months.filter((m) => m.navClose !== null);
  const first = withNav[0];
  const last = withNav.at(-1);
  const mark = first ? (first.hwmBefore ?? first.navOpen) : null;
  const returnHwm = last?.navClose && mark !== null ? last.navClose.minus(mark) : null;
  const qtyProfit = months.reduce((acc, m) => acc + m.qtyProfit, 0);
  const qtyLoss = months.reduce((acc, m) => acc + m.qtyLoss, 0);
  const navMonths = months.flatMap((m) => (m.nav ? [m.nav] : []));
  return {
    hwm: last?.hwm ?? null,
    deposit: last?.depositClose ?? null,
    profitFactor: profitFactorOf(profit, loss),
    winrate: winrateOf(qtyProfit, qtyLoss),
    returnHwm,
    returnHwmPercent: returnHwm !== null ? percentOf(returnHwm, mark) : null,
    returnNav: navMonths.length ? navMonths.reduce((acc, r) => acc.plus(r.usd), ZERO) : null,
    returnNavPercent: compoundedPercent(navMonths.map((r) => r.percent)),
    returnRealized: realized,
    returnRealizedPercent: compoundedPercent(months.map((m) => monthFigures(m).returnRealizedPercent)),
    reinvestPercent: reinvestPercentOf(sumOf(months, (m) => m.reinvest), realized),
    qtyTotal: new Dec(qtyProfit + qtyLoss),
    qtyProfit: new Dec(qtyProfit),
    qtyLoss: new Dec(qtyLoss),
    qtyMissed: new Dec(months.reduce((acc, m) => acc + m.qtyMissed, 0)),
    turnover: sumOf(months, (m) => m.turnover),
  };
}

/** An average row: every amount, count and return of the total divided by `n` (months or days); ratios as the total's. */
export function averageFigures(total: Figures, n: number): Figures {
  const per = (v: Dec | null) => (v === null || n <= 0 ? null : v.div(n));
  const perOrZero = (v: Dec) => per(v) ?? ZERO;
  return {
    ...total,
    hwm: null,
    deposit: null,
    returnHwm: per(total.returnHwm),
    returnHwmPercent: per(total.returnHwmPercent),
    returnNav: per(total.returnNav),
    returnNavPercent: per(total.returnNavPercent),
    returnRealized: perOrZero(total.returnRealized),
    returnRealizedPercent: per(total.returnRealizedPercent),
    qtyTotal: perOrZero(total.qtyTotal),
    qtyProfit: perOrZero(total.qtyProfit),
    qtyLoss: perOrZero(total.qtyLoss),
    qtyMissed: perOrZero(total.qtyMissed),
    turnover: perOrZero(total.turnover),
  };
}

/** The row as the view answers it: the admin view has every column, the client view the investor's. */
export function rowOf(view: MonthsView, period: string | null, f: Figures): MonthsRow {
  const common = {
    period,
    deposit: round(f.deposit),
    winrate: round(f.winrate),
    return_nav: round(f.returnNav),
    return_nav_percent: round(f.returnNavPercent),
    return_realized: round(f.returnRealized)!,
    return_realized_percent: round(f.returnRealizedPercent),
    reinvest_percent_realized: round(f.reinvestPercent),
    qty_total: round(f.qtyTotal)!,
    turn_over: round(f.turnover, 0)!,
  };
  if (view === 'client') return common;
  return {
    ...common,
    hwm: round(f.hwm),
    profit_factor: round(f.profitFactor),
    return_hwm: round(f.returnHwm),
    return_hwm_percent: round(f.returnHwmPercent),
    qty_profit: round(f.qtyProfit)!,
    qty_loss: round(f.qtyLoss)!,
    qty_missed: round(f.qtyMissed)!,
  };
}

/**
 * The summary's month figures, all on the NAV basis: the best and worst Return month %, the share of
 * months above 0 and ACGR (the same computation as the account card's).
 */
export function monthSummary(months: MonthInput[]): Pick<MonthsSummary, 'positive_months' | 'best_month_return' | 'worst_month_return' | 'avg_capital_growth_rate'> {
  const returns = months.flatMap(({ period, nav }) => (nav && nav.percent !== null ? [{ period, r: nav.percent, nav }] : []));
  if (!returns.length) return { positive_months: null, best_month_return: { value: null, date: null }, worst_month_return: { value: null, date: null }, avg_capital_growth_rate: null };
  const best = returns.reduce((a, b) => (b.r.greaterThan(a.r) ? b : a));
  const worst = returns.reduce((a, b) => (b.r.lessThan(a.r) ? b : a));
  const positive = returns.filter((x) => x.r.isPositive() && !x.r.isZero()).length;
  return {
    positive_months: round(percentOf(new Dec(positive), new Dec(returns.length))),
    best_month_return: { value: round(best.r), date: best.period },
    worst_month_return: { value: round(worst.r), date: worst.period },
    avg_capital_growth_rate: round(capitalGrowthRate(returns.map((x) => x.nav))),
  };
}
