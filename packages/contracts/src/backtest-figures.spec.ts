import { describe, expect, it } from 'vitest';
import { backtestFigures, sharpeRatio, sortinoRatio } from './backtest-figures';

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
