/**
 * One account_metrics row per account and minute, column for column, from the account's balances, its
 * positions and open orders, the VaR figures and the previous minute's row. The statistics read these
 * rows as they stand (HWM = highest NAV so far, equity = nav / deposit_at, imp. loss and VaR as percents of NAV).
 *
 * - asset_usdt, asset_usdc, other_stable_coins: the wallet's stable balances (realised PnL and fees
 *   settle into them); asset_sum = those + other coins held × their price.
 * - nav = asset_sum + Σ u_pnl of the open positions (a margin account: positions are valued by their PnL).
 * - var: VaR of the positions (metrics/var.ts); free_var = nav − VaR of the positions together with the
 *   open enter orders as if filled (what could still be lost, once the waiting orders fill); below 0
 *   means the orders would take more risk than the NAV covers.
 * - open_orders_volume = Σ price × unfilled quantity of the open orders.
 * - imp_loss = Σ of the negative u_pnl (the loss sitting in open positions), ≤ 0.
 * - max_dd: the largest fall of NAV from a previous peak, percent of that peak, since the first row.
 *   max_ddd: the longest time NAV has stayed below a previous peak, in days.
 * - deposit_at: the money put in (deposits − withdrawals; a re-invest moves nothing in or out).
 * - deposit_monthly (HWM): at a UTC month's first row, the higher of its value and the NAV; kept through
 *   the month.
 * - balance_daily: the NAV the UTC day started from, the previous row's (the first row: its own).
 *   return_day_percent = 100 · (nav / balance_daily − 1); return_month_percent likewise from the NAV
 *   the month started from, so a period's first minute counts in it and the months chain into the
 *   whole return, as the console's statistics compute them; return_at_percent = 100 · (nav / deposit_at − 1).
 * - avg_capital_growth_rate: the mean monthly growth over the account's life,
 *   100 · ((nav / deposit_at)^(1 / months) − 1), months = days since the first row / 30, at least 1.
 * - Money moving in or out (`flow`) shifts every base (peak, HWM, day and month balances, deposit_at)
 *   by the same amount, so a deposit is not a return and a withdrawal not a drawdown.
 *
 * Money columns are rounded to 8 decimals, percents and days too (numeric(18, 8)).
 */
import { DAY_MS } from '../market/candle';
import { NUMERIC_SCALE } from '@console/contracts';
import { dec, maxDec, sum, toScale, ZERO, type Dec } from '../money';

export interface AccountMetricsRow {
  exchange_account_id: number;
  /** The minute (epoch ms). */
  at: number;
  nav: Dec;
  asset_usdt: Dec;
  asset_usdc: Dec;
  other_stable_coins: Dec;
  asset_sum: Dec;
  var: Dec;
  open_orders_volume: Dec;
  free_var: Dec;
  imp_loss: Dec;
  max_dd: Dec;
  max_ddd: Dec;
  deposit_monthly: Dec;
  deposit_at: Dec;
  balance_daily: Dec;
  return_day_percent: Dec;
  return_month_percent: Dec;
  return_at_percent: Dec;
  avg_capital_growth_rate: Dec;
}

/** What carries from one minute to the next besides the row itself. */
export interface MetricsState {
  row: AccountMetricsRow;
  /** The highest NAV so far (flows included) and when it was reached. */
  nav_peak: Dec;
  nav_peak_at: number;
  /** The NAV the month started from: the previous month's last row (flows included). */
  month_start_nav: Dec;
  /** The account's first metrics minute. */
  started_at: number;
}

export interface MinuteMetricsInput {
  exchange_account_id: number;
  at: number;
  balances: { usdt: Dec; usdc: Dec; other_stable: Dec; coins: readonly { quantity: Dec; price: Dec }[] };
  /** u_pnl of each open position. */
  unrealised: readonly Dec[];
  /** price × unfilled quantity of each open order. */
  open_order_values: readonly Dec[];
  var: Dec;
  var_with_orders: Dec;
  /** Money moved in (+) or out (−) since the previous minute. */
  flow: Dec;
  /** The deposit to start from on the account's first row (null: its first NAV). */
  initial_deposit?: Dec | null;
}

const percentOf = (value: Dec, base: Dec): Dec => (base.isZero() ? ZERO : toScale(value.div(base).minus(1).times(100), 'ratio'));
const utcDay = (at: number) => Math.floor(at / DAY_MS);
const utcMonth = (at: number) => {
  const d = new Date(at);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** 100 · ((nav / deposit)^(1 / months) − 1) at the ratio scale, months = elapsed days / 30, at least 1. */
export function monthlyGrowthExact(nav: Dec, deposit: Dec, elapsedMs: number): Dec {
  const months = maxDec(dec(1), dec(elapsedMs).div(DAY_MS).div(30));
  return toScale(nav.div(deposit).pow(dec(1).div(months)).minus(1).times(100), 'ratio');
}

/** How close (in units of the last kept decimal) to a rounding half a float result may come before it is not trusted. */
const ROUNDING_MARGIN = 1e-3;

/**
 * monthlyGrowthExact, the same value: a fractional power in 40-digit decimals costs far more than the
 * rest of a minute's row, so it is taken in binary floats (error near 1e-13, five orders of magnitude
 * below the kept 1e-8) and rounded, unless the float lands within ROUNDING_MARGIN of a rounding half,
 * where the decimal computation decides. A whole number of months (the first 30 days) stays exact.
 */
export function monthlyGrowth(nav: Dec, deposit: Dec, elapsedMs: number): Dec {
  const months = Math.max(1, elapsedMs / DAY_MS / 30);
  // One month: the power of 1 is the ratio itself (decimal.js answers x for x^1), no float needed.
  if (months === 1) return toScale(nav.div(deposit).minus(1).times(100), 'ratio');
  const value = 100 * (Math.pow(nav.toNumber() / deposit.toNumber(), 1 / months) - 1);
  const scaled = value * 10 ** NUMERIC_SCALE.ratio;
  const fraction = scaled - Math.floor(scaled);
  if (!Number.isFinite(scaled) || Math.abs(scaled) > 2 ** 52 || Math.abs(fraction - 0.5) < ROUNDING_MARGIN) return monthlyGrowthExact(nav, deposit, elapsedMs);
  return toScale(value.toFixed(NUMERIC_SCALE.ratio + 4), 'ratio');
}

/**
 * The money moved in (+) or out (−) since the previous row: how far the account's money put in (its
 * deposits − withdrawals now) has moved from the previous row's deposit_at. None on the first row, which
 * starts from it.
 */
export function flowSince(previous: MetricsState | null, moneyPutIn: Dec): Dec {
  return previous === null ? ZERO : toScale(moneyPutIn, 'money').minus(previous.row.deposit_at);
}

/** The minute's row and the state for the next minute. */
export function minuteMetrics(previous: MetricsState | null, input: MinuteMetricsInput): MetricsState {
  const b = input.balances;
  const asset_sum = toScale(sum([b.usdt, b.usdc, b.other_stable, ...b.coins.map((c) => c.quantity.times(c.price))]), 'money');
  const nav = toScale(asset_sum.plus(sum(input.unrealised)), 'money');
  const imp_loss = toScale(sum(input.unrealised.filter((u) => u.isNegative())), 'money');
  const flow = input.flow;

  const first = previous === null;
  const started_at = previous?.started_at ?? input.at;
  const newDay = first || utcDay(input.at) !== utcDay(previous.row.at);
  const newMonth = first || utcMonth(input.at) !== utcMonth(previous.row.at);
  const deposit_at = first ? toScale(input.initial_deposit ?? nav, 'money') : previous.row.deposit_at.plus(flow);
  // A day or month starts from the NAV the previous row left (the account's first row: its own NAV).
  const balance_daily = first ? nav : newDay ? previous.row.nav.plus(flow) : previous.row.balance_daily.plus(flow);
  const month_start_nav = first ? nav : newMonth ? previous.row.nav.plus(flow) : previous.month_start_nav.plus(flow);
  const deposit_monthly = first ? nav : newMonth ? maxDec(previous.row.deposit_monthly.plus(flow), nav) : previous.row.deposit_monthly.plus(flow);

  // Drawdown from the running peak, and how long NAV has been below it.
  const shiftedPeak = first ? nav : previous.nav_peak.plus(flow);
  const atPeak = nav.greaterThanOrEqualTo(shiftedPeak);
  const nav_peak = atPeak ? nav : shiftedPeak;
  const nav_peak_at = atPeak || first ? input.at : previous.nav_peak_at;
  const drawdown = nav_peak.greaterThan(0) ? nav_peak.minus(nav).div(nav_peak).times(100) : ZERO;
  const max_dd = toScale(maxDec(previous?.row.max_dd ?? ZERO, drawdown), 'ratio');
  // A drawdown lasts from its peak until the row that is back at a peak (that row included).
  const belowBefore = !first && previous.row.nav.lessThan(previous.nav_peak);
  const lasting = !first && (!atPeak || belowBefore) ? input.at - previous.nav_peak_at : 0;
  const max_ddd = toScale(maxDec(previous?.row.max_ddd ?? ZERO, dec(lasting).div(DAY_MS)), 'ratio');

  const growth = deposit_at.greaterThan(0) && nav.greaterThan(0) ? monthlyGrowth(nav, deposit_at, input.at - started_at) : ZERO;

  const row: AccountMetricsRow = {
    exchange_account_id: input.exchange_account_id,
    at: input.at,
    nav,
    asset_usdt: toScale(b.usdt, 'money'),
    asset_usdc: toScale(b.usdc, 'money'),
    other_stable_coins: toScale(b.other_stable, 'money'),
    asset_sum,
    var: toScale(input.var, 'money'),
    open_orders_volume: toScale(sum(input.open_order_values), 'money'),
    free_var: toScale(nav.minus(input.var_with_orders), 'money'),
    imp_loss,
    max_dd,
    max_ddd,
    deposit_monthly: toScale(deposit_monthly, 'money'),
    deposit_at: toScale(deposit_at, 'money'),
    balance_daily: toScale(balance_daily, 'money'),
    return_day_percent: percentOf(nav, balance_daily),
    return_month_percent: percentOf(nav, month_start_nav),
    return_at_percent: percentOf(nav, deposit_at),
    avg_capital_growth_rate: growth,
  };
  return { row, nav_peak, nav_peak_at, month_start_nav, started_at };
}
