/**
 * A backtest's headline figures, defined once: the run's page, the compare view and the export read
 * these. Money is exact (decimal text at the money scale); ratios of returns are measures in floats.
 *
 * Inputs: the starting deposit, the equity curve (the account's value, realised and unrealised PnL
 * after every fee, sampled through the run and at its end), the closed trades (net PnL after fees, and
 * the fees), and the minutes with an open position.
 */
import Decimal from 'decimal.js';
import { NUMERIC_SCALE } from './trading';

/** Exact, independent of the global Decimal settings; halves away from zero as PostgreSQL rounds. */
const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
type Money = InstanceType<typeof Money>;

const DAY_MS = 86_400_000;
/** Sharpe, Sortino and CAGR annualise with 365 days: crypto trades every day. */
export const DAYS_PER_YEAR = 365;

export interface EquityPoint {
  /** Epoch milliseconds. */
  at: number;
  /** Decimal text. */
  equity: string;
}

export interface ClosedTrade {
  /** Net PnL after fees, decimal text. */
  pnl: string;
  /** Fees paid on the trade's fills, decimal text. */
  fees: string;
}

export interface BacktestFiguresInput {
  deposit: string;
  /** The period's first and last millisecond (exclusive end). */
  from: number;
  until: number;
  /** In time order; the deposit at `from` is implied. */
  equity: readonly EquityPoint[];
  trades: readonly ClosedTrade[];
  /** Minutes with at least one open position. */
  exposed_minutes: number;
}

export interface BacktestFigures {
  /** 100 · (final equity − deposit) / deposit. */
  total_return_percent: number;
  /** 100 · ((final / deposit)^(365 / days in the period) − 1); null when the final equity is ≤ 0. */
  cagr_percent: number | null;
  /** Largest fall below an earlier peak of the curve (the deposit is the first peak): 100 · max (peak − equity) / peak. */
  max_drawdown_percent: number;
  /** Hours from that drawdown's peak until the curve is back at the peak, or to the period's end when it never is. */
  max_drawdown_duration_hours: number;
  /** mean(daily returns) / sample standard deviation(daily returns) · √365, risk-free 0; null under 2 days or no spread. */
  sharpe: number | null;
  /** mean(daily returns) / √(Σ min(r, 0)² / n) · √365, risk-free 0; null without a losing day. */
  sortino: number | null;
  /** CAGR % / max drawdown %; null without a drawdown or a CAGR. */
  calmar: number | null;
  /** Σ winning PnL / −Σ losing PnL; null without a losing trade. */
  profit_factor: number | null;
  /** Σ PnL / trade count (USD); null without trades. */
  expectancy: string | null;
  /** 100 · trades with PnL > 0 / trade count; null without trades. */
  win_rate_percent: number | null;
  /** Mean PnL of the trades with PnL > 0 (USD); null without one. */
  average_win: string | null;
  /** Mean PnL of the trades with PnL ≤ 0 (USD, ≤ 0); null without one. */
  average_loss: string | null;
  /** average win / −average loss; null without both or when the average loss is 0. */
  win_loss_ratio: number | null;
  trade_count: number;
  /** 100 · minutes with an open position / minutes in the period. */
  exposure_percent: number;
  /** Σ fees of the trades (USD). */
  fees_paid: string;
  /** Highest and lowest trade PnL (USD); null without trades. */
  best_trade: string | null;
  worst_trade: string | null;
  /** The curve's last value (USD). */
  final_equity: string;
}

export const BACKTEST_FIGURE_NAMES = [
  'total_return_percent', 'cagr_percent', 'max_drawdown_percent', 'max_drawdown_duration_hours', 'sharpe', 'sortino', 'calmar',
  'profit_factor', 'expectancy', 'win_rate_percent', 'average_win', 'average_loss', 'win_loss_ratio', 'trade_count',
  'exposure_percent', 'fees_paid', 'best_trade', 'worst_trade', 'final_equity',
] as const satisfies readonly (keyof BacktestFigures)[];

const money = (value: Money): string => value.toFixed(NUMERIC_SCALE.money);
/** Measures keep 6 decimals: beyond that a float's noise would make equal runs differ in text. */
const measure = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * The equity at the end of each day of the period, counted from its start (the last point at or before
 * it; the last day may be short), the deposit first.
 */
function dailyCloses(deposit: Money, from: number, until: number, equity: readonly EquityPoint[]): Money[] {
  const closes = [deposit];
  let last = deposit;
  let i = 0;
  for (let dayEnd = from + DAY_MS; ; dayEnd += DAY_MS) {
    const end = Math.min(dayEnd, until);
    while (i < equity.length && equity[i].at <= end) last = new Money(equity[i++].equity);
    closes.push(last);
    if (end >= until) return closes;
  }
}

function dailyReturns(closes: readonly Money[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < closes.length; i++) returns.push(closes[i - 1].isZero() ? 0 : closes[i].div(closes[i - 1]).minus(1).toNumber());
  return returns;
}

export function sharpeRatio(returns: readonly number[]): number | null {
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, r) => a + r, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return variance > 0 ? (mean / Math.sqrt(variance)) * Math.sqrt(DAYS_PER_YEAR) : null;
}

export function sortinoRatio(returns: readonly number[]): number | null {
  if (!returns.length) return null;
  const mean = returns.reduce((a, r) => a + r, 0) / returns.length;
  const downside = Math.sqrt(returns.reduce((a, r) => a + Math.min(r, 0) ** 2, 0) / returns.length);
  return downside > 0 ? (mean / downside) * Math.sqrt(DAYS_PER_YEAR) : null;
}

function maxDrawdown(deposit: Money, from: number, until: number, equity: readonly EquityPoint[]): { percent: number; hours: number } {
  let peak = deposit;
  let peakAt = from;
  let worst = { percent: 0, peak: deposit, peakAt: from };
  for (const point of equity) {
    const value = new Money(point.equity);
    if (value.greaterThan(peak)) {
      peak = value;
      peakAt = point.at;
      continue;
    }
    const percent = peak.isZero() ? 0 : peak.minus(value).div(peak).times(100).toNumber();
    if (percent > worst.percent) worst = { percent, peak, peakAt };
  }
  if (worst.percent === 0) return { percent: 0, hours: 0 };
  const recovered = equity.find((p) => p.at > worst.peakAt && new Money(p.equity).greaterThanOrEqualTo(worst.peak));
  return { percent: worst.percent, hours: ((recovered?.at ?? until) - worst.peakAt) / 3_600_000 };
}

export function backtestFigures(input: BacktestFiguresInput): BacktestFigures {
  const deposit = new Money(input.deposit);
  const final = input.equity.length ? new Money(input.equity[input.equity.length - 1].equity) : deposit;
  const days = Math.max(input.until - input.from, 1) / DAY_MS;
  const totalReturn = final.minus(deposit).div(deposit).times(100).toNumber();
  const cagr = final.greaterThan(0) ? (final.div(deposit).toNumber() ** (DAYS_PER_YEAR / days) - 1) * 100 : null;
  const drawdown = maxDrawdown(deposit, input.from, input.until, input.equity);
  const returns = dailyReturns(dailyCloses(deposit, input.from, input.until, input.equity));

  const pnls = input.trades.map((t) => new Money(t.pnl));
  const wins = pnls.filter((p) => p.greaterThan(0));
  const losses = pnls.filter((p) => p.lessThanOrEqualTo(0));
  const sum = (values: Money[]) => values.reduce((a, v) => a.plus(v), new Money(0));
  const grossWin = sum(wins);
  const grossLoss = sum(losses);
  const averageWin = wins.length ? grossWin.div(wins.length) : null;
  const averageLoss = losses.length ? grossLoss.div(losses.length) : null;
  const periodMinutes = Math.max(input.until - input.from, 1) / 60_000;
  const sorted = [...pnls].sort((a, b) => a.comparedTo(b));
  const ratio = (value: number | null) => (value === null || !Number.isFinite(value) ? null : measure(value));

  return {
    total_return_percent: measure(totalReturn),
    cagr_percent: ratio(cagr),
    max_drawdown_percent: measure(drawdown.percent),
    max_drawdown_duration_hours: measure(drawdown.hours),
    sharpe: ratio(sharpeRatio(returns)),
    sortino: ratio(sortinoRatio(returns)),
    calmar: cagr !== null && drawdown.percent > 0 ? ratio(cagr / drawdown.percent) : null,
    profit_factor: grossLoss.isZero() ? null : measure(grossWin.div(grossLoss.negated()).toNumber()),
    expectancy: pnls.length ? money(sum(pnls).div(pnls.length)) : null,
    win_rate_percent: pnls.length ? measure((100 * wins.length) / pnls.length) : null,
    average_win: averageWin && money(averageWin),
    average_loss: averageLoss && money(averageLoss),
    win_loss_ratio: averageWin && averageLoss && !averageLoss.isZero() ? measure(averageWin.div(averageLoss.negated()).toNumber()) : null,
    trade_count: pnls.length,
    exposure_percent: measure(Math.min(100, (100 * input.exposed_minutes) / periodMinutes)),
    fees_paid: money(sum(input.trades.map((t) => new Money(t.fees)))),
    best_trade: sorted.length ? money(sorted[sorted.length - 1]) : null,
    worst_trade: sorted.length ? money(sorted[0]) : null,
    final_equity: money(final),
  };
}

/** A row of a run's monthly returns (the run's page, by UTC month). */
export interface BacktestMonthReturn {
  /** The UTC month, yyyy-MM. */
  month: string;
  /** The equity at the month's start: the last point of the month before, the deposit for the first month. */
  start_equity: string;
  /** The equity at the month's end: its last point (a point at midnight of the 1st closes the month before). */
  end_equity: string;
  /** end_equity − start_equity, money. */
  return_usd: string;
  /** 100 · (end_equity / start_equity − 1). */
  return_percent: number;
}

/** The months' summary rows, as By Months heads its table with them. */
export interface BacktestMonthlyReturns {
  months: BacktestMonthReturn[];
  /** 100 · (last month's end_equity / deposit − 1): the months compounded, the run's total return. */
  total_percent: number;
  /** 100 · ((Π (1 + return_percent / 100))^(1 / months) − 1): the geometric mean month; null without a month. */
  average_percent: number | null;
}

/** The UTC month a point closes: the month of the instant just before it. */
function monthOf(at: number): string {
  return new Date(at - 1).toISOString().slice(0, 7);
}

/** Monthly returns from the deposit and the equity curve (EquityPoint's sampling: hourly and at the end). */
export function backtestMonthlyReturns(deposit: string, equity: readonly EquityPoint[]): BacktestMonthlyReturns {
  const months: BacktestMonthReturn[] = [];
  let start = new Money(deposit);
  for (let i = 0; i < equity.length; i++) {
    const month = monthOf(equity[i].at);
    if (i + 1 < equity.length && monthOf(equity[i + 1].at) === month) continue;
    const end = new Money(equity[i].equity);
    months.push({
      month,
      start_equity: money(start),
      end_equity: money(end),
      return_usd: money(end.minus(start)),
      return_percent: start.isZero() ? 0 : measure(end.div(start).minus(1).times(100).toNumber()),
    });
    start = end;
  }
  const first = new Money(deposit);
  const total = months.length && !first.isZero() ? new Money(months[months.length - 1].end_equity).div(first).minus(1).times(100).toNumber() : 0;
  const growth = months.reduce((a, m) => a * (1 + m.return_percent / 100), 1);
  return {
    months,
    total_percent: measure(total),
    average_percent: months.length && growth > 0 ? measure((growth ** (1 / months.length) - 1) * 100) : null,
  };
}
