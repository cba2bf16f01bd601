/**
 * The months table and its summary from per-month inputs (docs/metrics.md, "Months statistics"). Pure:
 * the service reads the rollups, these functions do the arithmetic, so the definitions are tested here.
 */
import type { MonthsView } from '@console/contracts';
import type { MonthsRowDto, MonthsSummaryDto } from './months-stats.dto';

/** One month's inputs: account metrics bars, signal sums and re-invested amounts. */
export interface MonthInput {
  period: string;
  /** NAV bars of the month, null when the account has no metrics that month. */
  navOpen: number | null;
  navClose: number | null;
  depositOpen: number | null;
  depositClose: number | null;
  /** The highest NAV up to the end of the month, and up to the end of the month before (null: none before). */
  hwm: number | null;
  hwmBefore: number | null;
  qtyProfit: number;
  qtyLoss: number;
  qtyMissed: number;
  profit: number;
  loss: number;
  turnover: number;
  reinvest: number;
}

const round = (value: number | null, decimals = 2): number | null => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(decimals)) + 0);
const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

interface Figures {
  hwm: number | null;
  deposit: number | null;
  profitFactor: number | null;
  winrate: number | null;
  returnHwm: number | null;
  returnHwmPercent: number | null;
  returnRealized: number;
  returnRealizedPercent: number | null;
  reinvestPercent: number | null;
  qtyTotal: number;
  qtyProfit: number;
  qtyLoss: number;
  qtyMissed: number;
  turnover: number;
}

export function monthFigures(m: MonthInput): Figures {
  const realized = m.profit + m.loss;
  // The mark to beat: the highest NAV before the month, or the month's opening NAV in the first month.
  const mark = m.hwmBefore ?? m.navOpen;
  const returnHwm = m.navClose !== null && mark !== null ? m.navClose - mark : null;
  return {
    hwm: m.hwm,
    deposit: m.depositClose,
    profitFactor: m.loss < 0 ? m.profit / -m.loss : null,
    winrate: ratio(100 * m.qtyProfit, m.qtyProfit + m.qtyLoss),
    returnHwm,
    returnHwmPercent: returnHwm !== null && mark ? (100 * returnHwm) / mark : null,
    returnRealized: realized,
    returnRealizedPercent: m.depositOpen ? (100 * realized) / m.depositOpen : null,
    reinvestPercent: realized > 0 ? (100 * m.reinvest) / realized : null,
    qtyTotal: m.qtyProfit + m.qtyLoss,
    qtyProfit: m.qtyProfit,
    qtyLoss: m.qtyLoss,
    qtyMissed: m.qtyMissed,
    turnover: m.turnover,
  };
}

/** Compounded: (1 + r1) · (1 + r2) · … − 1, in percent; months without a figure are left out. */
function compounded(percents: (number | null)[]): number | null {
  const known = percents.filter((p): p is number => p !== null);
  return known.length ? 100 * (known.reduce((acc, p) => acc * (1 + p / 100), 1) - 1) : null;
}

/** The total row: sums of amounts and counts, ratios of the sums, compounded percents, the last HWM and deposit. */
export function totalFigures(months: MonthInput[]): Figures {
  const sum = (pick: (m: MonthInput) => number) => months.reduce((acc, m) => acc + pick(m), 0);
  const each = months.map(monthFigures);
  const profit = sum((m) => m.profit);
  const loss = sum((m) => m.loss);
  const realized = profit + loss;
  const withNav = months.filter((m) => m.navClose !== null);
  const first = withNav[0];
  const last = withNav.at(-1);
  const mark = first ? (first.hwmBefore ?? first.navOpen) : null;
  const returnHwm = last && mark !== null ? last.navClose! - mark : null;
  const qtyProfit = sum((m) => m.qtyProfit);
  const qtyLoss = sum((m) => m.qtyLoss);
  return {
    hwm: last?.hwm ?? null,
    deposit: last?.depositClose ?? null,
    profitFactor: loss < 0 ? profit / -loss : null,
    winrate: ratio(100 * qtyProfit, qtyProfit + qtyLoss),
    returnHwm,
    returnHwmPercent: returnHwm !== null && mark ? (100 * returnHwm) / mark : null,
    returnRealized: realized,
    returnRealizedPercent: compounded(each.map((f) => f.returnRealizedPercent)),
    reinvestPercent: realized > 0 ? (100 * sum((m) => m.reinvest)) / realized : null,
    qtyTotal: qtyProfit + qtyLoss,
    qtyProfit,
    qtyLoss,
    qtyMissed: sum((m) => m.qtyMissed),
    turnover: sum((m) => m.turnover),
  };
}

/** An average row: every amount, count and return of the total divided by `n` (months or days); ratios as the total's. */
export function averageFigures(total: Figures, n: number): Figures {
  const per = (v: number | null) => (v === null || n <= 0 ? null : v / n);
  return {
    ...total,
    hwm: null,
    deposit: null,
    returnHwm: per(total.returnHwm),
    returnHwmPercent: per(total.returnHwmPercent),
    returnRealized: per(total.returnRealized) ?? 0,
    returnRealizedPercent: per(total.returnRealizedPercent),
    qtyTotal: per(total.qtyTotal) ?? 0,
    qtyProfit: per(total.qtyProfit) ?? 0,
    qtyLoss: per(total.qtyLoss) ?? 0,
    qtyMissed: per(total.qtyMissed) ?? 0,
    turnover: per(total.turnover) ?? 0,
  };
}

/** The row as the view answers it: the admin view has every column, the client view the investor's. */
export function rowOf(view: MonthsView, period: string | null, f: Figures): MonthsRowDto {
  const common = {
    period,
    deposit: round(f.deposit),
    winrate: round(f.winrate),
    return_realized: round(f.returnRealized) ?? 0,
    return_realized_percent: round(f.returnRealizedPercent),
    reinvest_percent_realized: round(f.reinvestPercent),
    qty_total: round(f.qtyTotal) ?? 0,
    turn_over: round(f.turnover, 0) ?? 0,
  };
  if (view === 'client') return common;
  return {
    ...common,
    hwm: round(f.hwm),
    profit_factor: round(f.profitFactor),
    return_hwm: round(f.returnHwm),
    return_hwm_percent: round(f.returnHwmPercent),
    qty_profit: round(f.qtyProfit) ?? 0,
    qty_loss: round(f.qtyLoss) ?? 0,
    qty_missed: round(f.qtyMissed) ?? 0,
  };
}

/** The summary's month figures: best, worst, share of positive months and ACGR, from monthly realised returns. */
export function monthSummary(months: MonthInput[]): Pick<MonthsSummaryDto, 'positive_months' | 'best_month_return' | 'worst_month_return' | 'avg_capital_growth_rate'> {
  const returns = months.map((m) => ({ period: m.period, r: monthFigures(m).returnRealizedPercent })).filter((x): x is { period: string; r: number } => x.r !== null);
  if (!returns.length) return { positive_months: null, best_month_return: { value: null, date: null }, worst_month_return: { value: null, date: null }, avg_capital_growth_rate: null };
  const best = returns.reduce((a, b) => (b.r > a.r ? b : a));
  const worst = returns.reduce((a, b) => (b.r < a.r ? b : a));
  // Geometric mean of the monthly growth factors, minus one.
  const growth = returns.reduce((acc, x) => acc * (1 + x.r / 100), 1);
  return {
    positive_months: round((100 * returns.filter((x) => x.r > 0).length) / returns.length),
    best_month_return: { value: round(best.r), date: best.period },
    worst_month_return: { value: round(worst.r), date: worst.period },
    avg_capital_growth_rate: growth > 0 ? round(100 * (growth ** (1 / returns.length) - 1)) : null,
  };
}
