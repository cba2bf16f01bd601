import { describe, expect, it } from 'vitest';
import { backtestRequestOf, newBacktestDefaults } from './NewBacktestDialog';

describe('the New backtest request', () => {
  it('leaves out the pairs and rates the user left empty, so the profile and the paper venue give them', () => {
    const values = { ...newBacktestDefaults(Date.UTC(2026, 5, 30)), profile_id: 4 };
    expect(values.date_from).toBe('2026-04-01');
    expect(values.date_until).toBe('2026-06-30');
    expect(backtestRequestOf(values)).toEqual({ profile_id: 4, market: 'model', seed: 1, date_from: '2026-04-01', date_until: '2026-06-30', deposit: '10000', pairs: undefined, fee_rate: undefined, slippage_rate: undefined });
  });
  it('sends picked pairs and given rates, and no seed for the candle store', () => {
    const values = { ...newBacktestDefaults(), profile_id: 4, pairs: [2, 3], market: 'store' as const, fee_rate: ' 0.001 ', slippage_rate: '0' };
    expect(backtestRequestOf(values)).toMatchObject({ pairs: [2, 3], market: 'store', seed: undefined, fee_rate: '0.001', slippage_rate: '0' });
  });
});
