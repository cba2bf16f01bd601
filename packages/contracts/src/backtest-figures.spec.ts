import { describe, expect, it } from 'vitest';
import { backtestFigures, backtestMonthlyReturns, sharpeRatio, sortinoRatio } from './backtest-figures';

const DAY = 86_400_000;

describe('backtest figures on a hand-computed series', () => {
  // Three days from 1,000: up to 1,100, down to 990 (−10 % from the peak), back at 1,100 at 2.5 days,
  // 1,210 at the end. Daily closes 1,000 / 1,100 / 1,045 / 1,210.
  const equity = [
    { at: 1 * DAY, equity: '1100' },
    { at: 1.5 * DAY, equity: '990' },
    { at: 2 * DAY, equity: '1045' },
    { at: 2.5 * DAY, equity: '1100' },
    { at: 3 * DAY, equity: '1210' },
  ];
  const trades = [
    { pnl: '150', fees: '2' },
    { pnl: '-50', fees: '1.5' },
    { pnl: '110', fees: '2.5' },
    { pnl: '0', fees: '1' },
  ];
  const figures = backtestFigures({ deposit: '1000', from: 0, until: 3 * DAY, equity, trades, exposed_minutes: 2160 });

  it('total return, drawdown and its duration', () => {
    expect(figures.total_return_percent).toBe(21);
    expect(figures.final_equity).toBe('1210.00000000');
    // (1100 − 990) / 1100
    expect(figures.max_drawdown_percent).toBe(10);
    // from the peak at day 1 to its recovery at day 2.5
    expect(figures.max_drawdown_duration_hours).toBe(36);
  });

  it('Sharpe and Sortino on the daily returns 10 %, −5 %, 15.789… %', () => {
    // mean 0.0692982, sample sd 0.1072940 → 0.0692982 / 0.1072940 · √365
    expect(figures.sharpe).toBeCloseTo(12.339376, 5);
    // downside deviation √(0.05² / 3) = 0.0288675 → 0.0692982 / 0.0288675 · √365
    expect(figures.sortino).toBeCloseTo(45.862666, 5);
  });

  it('trade figures: a break-even trade counts as a loss', () => {
    expect(figures.trade_count).toBe(4);
    expect(figures.win_rate_percent).toBe(50);
    expect(figures.profit_factor).toBe(5.2); // 260 / 50
    expect(figures.expectancy).toBe('52.50000000'); // 210 / 4
    expect(figures.average_win).toBe('130.00000000');
    expect(figures.average_loss).toBe('-25.00000000');
    expect(figures.win_loss_ratio).toBe(5.2);
    expect(figures.fees_paid).toBe('7.00000000');
    expect(figures.best_trade).toBe('150.00000000');
    expect(figures.worst_trade).toBe('-50.00000000');
    expect(figures.exposure_percent).toBe(50); // 2,160 of 4,320 minutes
  });

  it('CAGR and Calmar over two years: 1,000 → 1,210 is 10 % a year', () => {
    const twoYears = backtestFigures({
      deposit: '1000',
      from: 0,
      until: 730 * DAY,
      equity: [{ at: 100 * DAY, equity: '800' }, { at: 730 * DAY, equity: '1210' }],
      trades: [],
      exposed_minutes: 0,
    });
    expect(twoYears.cagr_percent).toBeCloseTo(10, 6);
    expect(twoYears.max_drawdown_percent).toBe(20);
    expect(twoYears.max_drawdown_duration_hours).toBe(730 * 24);
    expect(twoYears.calmar).toBeCloseTo(0.5, 6);
  });

  it('no trades and a flat curve: the ratios are absent, not zero or infinite', () => {
    const flat = backtestFigures({ deposit: '500', from: 0, until: 2 * DAY, equity: [{ at: 2 * DAY, equity: '500' }], trades: [], exposed_minutes: 0 });
    expect(flat).toMatchObject({ total_return_percent: 0, sharpe: null, sortino: null, calmar: null, profit_factor: null, expectancy: null, win_rate_percent: null, best_trade: null, trade_count: 0, fees_paid: '0.00000000' });
  });

  it('Sharpe needs two returns and some spread; Sortino a losing day', () => {
    expect(sharpeRatio([0.01])).toBeNull();
    expect(sharpeRatio([0.01, 0.01])).toBeNull();
    expect(sortinoRatio([0.01, 0.02])).toBeNull();
    expect(sortinoRatio([-0.01, 0.03])).toBeCloseTo(((0.01 / Math.sqrt(0.0001 / 2)) * Math.sqrt(365)), 9);
  });
});

describe('monthly returns by hand', () => {
  const at = (iso: string) => Date.parse(iso);
  // From 1,000: January ends at 1,100 (+10 %), February at 990 (−10 %), March (in part) at 1,039.5 (+5 %).
  // The point at 1 February 00:00 closes January; hours inside a month are passed over.
  const equity = [
    { at: at('2024-01-15T00:00:00Z'), equity: '1200' },
    { at: at('2024-02-01T00:00:00Z'), equity: '1100' },
    { at: at('2024-02-10T13:00:00Z'), equity: '900' },
    { at: at('2024-03-01T00:00:00Z'), equity: '990' },
    { at: at('2024-03-10T00:00:00Z'), equity: '1039.5' },
  ];
  const result = backtestMonthlyReturns('1000', equity);

  it('a row per UTC month: its start, end, return in money and in percent', () => {
    expect(result.months).toEqual([
      { month: '2024-01', start_equity: '1000.00000000', end_equity: '1100.00000000', return_usd: '100.00000000', return_percent: 10 },
      { month: '2024-02', start_equity: '1100.00000000', end_equity: '990.00000000', return_usd: '-110.00000000', return_percent: -10 },
      { month: '2024-03', start_equity: '990.00000000', end_equity: '1039.50000000', return_usd: '49.50000000', return_percent: 5 },
    ]);
  });

  it('the total compounds the months; the average is their geometric mean', () => {
    // 1,039.5 / 1,000 − 1
    expect(result.total_percent).toBe(3.95);
    // (1.1 · 0.9 · 1.05)^(1/3) − 1 = 1.0395^(1/3) − 1 = 1.2997 %
    expect(result.average_percent).toBeCloseTo(1.2997, 4);
    expect(backtestMonthlyReturns('1000', [])).toEqual({ months: [], total_percent: 0, average_percent: null });
  });
});
