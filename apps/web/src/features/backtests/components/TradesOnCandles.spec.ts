import { describe, expect, it } from 'vitest';
import { timeframeFor, tradeMarkers } from './TradesOnCandles';

describe('trades on the candles', () => {
  it('draws the period at the finest time frame within the cap of 400 bars', () => {
    // A day is 1,440 minutes (too many), 288 five-minute bars.
    expect(timeframeFor('2024-03-01T00:00:00Z', '2024-03-02T00:00:00Z')).toBe('5m');
    // Two months: 1,464 hours, 366 four-hour bars.
    expect(timeframeFor('2024-03-01T00:00:00Z', '2024-05-01T00:00:00Z')).toBe('4h');
    expect(timeframeFor('2023-01-01T00:00:00Z', '2024-01-01T00:00:00Z')).toBe('1d');
  });

  it('marks each trade’s entry and exit at the trade list’s prices, long entries pointing up and short ones down', () => {
    const trade = { id: '1', pair_id: 1, pair: 'BTCUSDT', entry_at: '2024-03-01T01:00:00Z', exit_at: '2024-03-01T05:00:00Z', entry_price: '100', exit_price: '110', quantity: '1', size: '100', pnl: '10', fees: '0.1', exit_reason: 'exit_order' as const };
    expect(tradeMarkers([{ ...trade, side: 'long' }, { ...trade, side: 'short' }])).toEqual([
      { at: trade.entry_at, kind: 'entry', side: 'long', text: 'Buy 100.00000' },
      { at: trade.exit_at, kind: 'exit', side: 'long', text: 'Exit 110.00000' },
      { at: trade.entry_at, kind: 'entry', side: 'short', text: 'Sell 100.00000' },
      { at: trade.exit_at, kind: 'exit', side: 'short', text: 'Exit 110.00000' },
    ]);
  });
});
