/**
 * Every statistics figure the screens show, defined once: its name (the header or label on every screen
 * that shows it), its unit, the basis it is computed on and its formula in words. The tables, cards,
 * exports and the OpenAPI description read these; the tooltip of a header is `figureHint`.
 *
 * Two bases, named apart on purpose:
 * - closed trades: the realised PnL of finished signals, counted on the UTC day they finished;
 * - NAV: the account's NAV minute by minute, where money moved in or out (a change of Deposit AT) is
 *   neither a return nor a loss: a period's base is shifted by it.
 * A row's period is the row's own: all time in the strategy and account stats, the month in the months
 * table.
 */
export type FigureUnit = 'USD' | 'percent' | 'count' | 'ratio' | 'hours' | 'days' | 'date';
export type FigureBasis = 'closed trades' | 'NAV' | 'signals' | 'engine minute' | 'account';

export interface StatsFigure {
  /** The header or label, as every screen writes it. */
  name: string;
  unit: FigureUnit;
  basis: FigureBasis;
  /** The formula in words, names of other figures as they are written on screen. */
  formula: string;
}

const BASIS_TEXT: Record<FigureBasis, string> = {
  'closed trades': 'Closed-trade basis: finished signals’ realised PnL.',
  NAV: 'NAV basis: money moved in or out is not a return.',
  signals: 'Counts signals.',
  'engine minute': 'As the engine wrote it at the account’s newest minute.',
  account: 'Of the exchange account.',
};

const UNIT_TEXT: Record<FigureUnit, string> = {
  USD: 'USD',
  percent: 'percent',
  count: 'count',
  ratio: 'ratio',
  hours: 'hours',
  days: 'days',
  date: 'date',
};

/**
 * The NAV return of a period, one definition for the months table, the account card and ACGR. A period
 * starts from the NAV at the last minute before it (the account's first period: its first minute).
 */
const NAV_RETURN = '100 · (NAV at the end / (NAV at the start + money moved in − out) − 1), the start being the month before’s last minute';

export const STATS_FIGURES = {
  // Closed trades: the strategy and account stats (all time) and the months table (the month).
  qty_total: { name: 'Q-sign', unit: 'count', basis: 'closed trades', formula: 'Closed trades: P-sign + L-sign' },
  qty_profit: { name: 'P-sign', unit: 'count', basis: 'closed trades', formula: 'Closed trades with PnL > 0' },
  qty_loss: { name: 'L-sign', unit: 'count', basis: 'closed trades', formula: 'Closed trades with PnL ≤ 0 (break-even counts as a loss)' },
  qty_missed: { name: 'Missed', unit: 'count', basis: 'signals', formula: 'Signals that ended missed (no trade)' },
  w_percent: { name: 'W%', unit: 'percent', basis: 'closed trades', formula: '100 · P-sign / Q-sign' },
  total_profit: { name: 'P-summ', unit: 'USD', basis: 'closed trades', formula: 'Σ PnL of the winning trades' },
  total_loss: { name: 'L-summ', unit: 'USD', basis: 'closed trades', formula: 'Σ PnL of the losing trades (≤ 0)' },
  total: { name: 'Res-$', unit: 'USD', basis: 'closed trades', formula: 'Realised PnL: P-summ + L-summ' },
  total_percent: {
    name: 'Res-%',
    unit: 'percent',
    basis: 'closed trades',
    formula: 'Σ of the trades’ PnL %, each on the trade’s own size: a sum of trade returns, not a return on the account (that is Return AT %)',
  },
  total_i: { name: 'PF', unit: 'ratio', basis: 'closed trades', formula: 'Profit factor: P-summ / −L-summ; none without a loss' },
  avg_pnl_percent: { name: 'Avg %', unit: 'percent', basis: 'closed trades', formula: 'Res-% / Q-sign: the mean trade’s PnL %' },
  avg_profit_percent: { name: 'Avg P-%', unit: 'percent', basis: 'closed trades', formula: 'Mean PnL % of the winning trades' },
  avg_loss_percent: { name: 'Avg L-%', unit: 'percent', basis: 'closed trades', formula: 'Mean PnL % of the losing trades' },
  avg_i: { name: 'Avg I', unit: 'ratio', basis: 'closed trades', formula: 'Payoff ratio: Avg P-% / −Avg L-%' },
  most_loss_percent: { name: 'Max L-%', unit: 'percent', basis: 'closed trades', formula: 'Lowest PnL % of a trade' },
  avg_time_per_signal: { name: 'Avg time, h', unit: 'hours', basis: 'closed trades', formula: 'Mean time from a trade’s signal to its finish' },
  most_longest_duration: { name: 'Longest, h', unit: 'hours', basis: 'closed trades', formula: 'Longest time from a trade’s signal to its finish' },
  most_imp_loss: { name: 'Max imp. loss', unit: 'USD', basis: 'closed trades', formula: 'Worst single trade’s PnL (≤ 0)' },
  most_mm_imp_loss: { name: 'Max MM imp. loss', unit: 'percent', basis: 'closed trades', formula: '100 · Max imp. loss / the MM profile’s one-signal quota' },
  max_drawdown: {
    name: 'Max drawdown',
    unit: 'USD',
    basis: 'closed trades',
    formula: 'Largest fall of the running realised PnL (day by day, from 0) below an earlier peak',
  },
  rf: { name: 'RF', unit: 'ratio', basis: 'closed trades', formula: 'Recovery factor: Res-$ / Max drawdown' },
  sharpe: { name: 'Sharpe', unit: 'ratio', basis: 'closed trades', formula: 'Avg % / Stdev, per trade, risk-free rate 0, not annualised' },
  stdev: { name: 'Stdev', unit: 'percent', basis: 'closed trades', formula: 'Sample standard deviation (n − 1) of the trades’ PnL %' },
  turnover: { name: 'Turnover', unit: 'USD', basis: 'closed trades', formula: 'Traded volume: Σ entry value + exit value of the trades' },

  // An account's figures beside its trades (account stats) and on the position administration card.
  qty_profiles: { name: 'Profiles', unit: 'count', basis: 'account', formula: 'Strategy profiles of the account, drafts left out' },
  nav: { name: 'NAV', unit: 'USD', basis: 'NAV', formula: 'Net asset value: Asset sum + Σ U-PnL of the open positions (the newest minute; on a chart, minute by minute)' },
  deposit_at: { name: 'Deposit AT', unit: 'USD', basis: 'NAV', formula: 'Money put in: deposits − withdrawals, at the newest minute' },
  return_at_percent: { name: 'Return AT %', unit: 'percent', basis: 'NAV', formula: '100 · (NAV / Deposit AT − 1): the return on the money put in, all time' },

  // The rest of the position administration card: the engine's newest row, and the NAV returns.
  asset_usdt: { name: 'Asset USDT', unit: 'USD', basis: 'engine minute', formula: 'USDT balance (realised PnL and fees settle into it)' },
  asset_usdc: { name: 'Asset USDC', unit: 'USD', basis: 'engine minute', formula: 'USDC balance' },
  other_stable_coins: { name: 'Other stable coins', unit: 'USD', basis: 'engine minute', formula: 'Other stable coin balances' },
  asset_sum: { name: 'Asset sum', unit: 'USD', basis: 'engine minute', formula: 'Stable balances + other coins × their price' },
  var: { name: 'VaR', unit: 'USD', basis: 'engine minute', formula: 'Value at risk of the open positions: the loss of the 5 % worst 60-minute move of the last day' },
  open_orders_volume: { name: 'Open orders volume', unit: 'USD', basis: 'engine minute', formula: 'Σ price × unfilled quantity of the open orders' },
  free_var: { name: 'Free VaR', unit: 'USD', basis: 'engine minute', formula: 'NAV − VaR of the positions with the open enter orders counted as filled' },
  imp_loss: { name: 'Imp loss', unit: 'USD', basis: 'engine minute', formula: 'Σ U-PnL of the open positions that lose (≤ 0)' },
  max_dd: { name: 'Max DD', unit: 'percent', basis: 'NAV', formula: 'Largest fall of NAV below an earlier peak, 100 · (peak − NAV) / peak' },
  max_ddd: { name: 'Max DDD', unit: 'days', basis: 'NAV', formula: 'Longest time NAV stayed below an earlier peak' },
  deposit_monthly: {
    name: 'Deposit monthly (HWM)',
    unit: 'USD',
    basis: 'NAV',
    formula: 'The month’s high-water mark that NAV risk triggers measure from: at the month’s first minute the higher of the last mark and NAV, then kept',
  },
  balance_daily: { name: 'Balance daily', unit: 'USD', basis: 'NAV', formula: 'NAV the UTC day started from (the day before’s last minute) + money moved in − out since' },
  return_day_percent: { name: 'Return day %', unit: 'percent', basis: 'NAV', formula: '100 · (NAV / Balance daily − 1): the NAV return of the UTC day so far' },
  return_month_percent: {
    name: 'Return month %',
    unit: 'percent',
    basis: 'NAV',
    formula: `The NAV return of a UTC month, ${NAV_RETURN}; the account card shows the newest month so far, Total on By Months compounds the months`,
  },
  avg_capital_growth_rate: {
    name: 'ACGR',
    unit: 'percent',
    basis: 'NAV',
    formula:
      'Average monthly capital growth: 100 · ((Π (1 + Return month % / 100))^(1 / months) − 1) over the months (a month the NAV covers only in part counts as that part); the account card and All Time on By Months take every month',
  },

  // The months table (one row per month; Total and the averages from them).
  hwm: { name: 'HWM', unit: 'USD', basis: 'NAV', formula: 'High-water mark: the highest NAV since the account began, at the month’s end' },
  deposit: { name: 'Deposit', unit: 'USD', basis: 'NAV', formula: 'Deposit AT at the month’s end' },
  return_hwm: { name: 'Return HWM, $', unit: 'USD', basis: 'NAV', formula: 'NAV at the month’s end − HWM before the month (the first month: NAV at its start); negative while below the old peak' },
  return_hwm_percent: { name: 'Return HWM, %', unit: 'percent', basis: 'NAV', formula: '100 · Return HWM, $ / HWM before the month' },
  return_month_usd: { name: 'Return month $', unit: 'USD', basis: 'NAV', formula: 'NAV at the month’s end − NAV at its start − money moved in + out' },
  return_realized_percent: { name: 'Res-$ / deposit, %', unit: 'percent', basis: 'closed trades', formula: '100 · Res-$ / Deposit AT at the month’s start; Total compounds the months' },
  reinvest_percent_realized: { name: 'Reinvest, %', unit: 'percent', basis: 'closed trades', formula: '100 · re-invested amount of the month / Res-$, when the month earned' },

  // The months summary.
  turn_over_at_value: { name: 'Turnover at all', unit: 'USD', basis: 'closed trades', formula: 'Turnover of every trade ever' },
  turn_over_month_value: { name: 'Turnover month', unit: 'USD', basis: 'closed trades', formula: 'Turnover of the last 30 UTC days, today included' },
  turn_over_week_value: { name: 'Turnover week', unit: 'USD', basis: 'closed trades', formula: 'Turnover of the last 7 UTC days, today included' },
  turn_over_day_value: { name: 'Turnover day', unit: 'USD', basis: 'closed trades', formula: 'Turnover of today (UTC)' },
  system_is_running_days: { name: 'System works', unit: 'days', basis: 'account', formula: 'Since the first metrics minute or first trade, in 365-day years and 30-day months' },
  best_month_return: { name: 'Best Month Return', unit: 'percent', basis: 'NAV', formula: 'Highest Return month % of the months shown' },
  worst_month_return: { name: 'Worst Month Return', unit: 'percent', basis: 'NAV', formula: 'Lowest Return month % of the months shown' },
  positive_months: { name: 'Positive Months', unit: 'percent', basis: 'NAV', formula: '100 · months with Return month % > 0 / months with a Return month %' },

  // The charts' data types (the spec's names; NAV is the figure above), per bucket the OHLC of the minutes in it.
  chart_equity: { name: 'Equity', unit: 'percent', basis: 'NAV', formula: 'Return AT % minute by minute: 100 · (NAV / Deposit AT − 1)' },
  chart_imp_loss: { name: 'Imp.Loss', unit: 'percent', basis: 'NAV', formula: '100 · Imp loss / NAV, minute by minute' },
  chart_var: { name: 'VAR', unit: 'percent', basis: 'NAV', formula: '100 · VaR / NAV, minute by minute' },
} as const satisfies Record<string, StatsFigure>;

export type StatsFigureId = keyof typeof STATS_FIGURES;

/** The figure each chart data type draws. */
export const CHART_DATA_FIGURES = { NAV: 'nav', Equity: 'chart_equity', 'Imp.Loss': 'chart_imp_loss', VAR: 'chart_var' } as const satisfies Record<string, StatsFigureId>;

/** The tooltip of a header that shows the figure: name, unit, formula and basis. */
export function figureHint(figure: StatsFigure): string {
  return `${figure.name} (${UNIT_TEXT[figure.unit]}): ${figure.formula}. ${BASIS_TEXT[figure.basis]}`;
}
