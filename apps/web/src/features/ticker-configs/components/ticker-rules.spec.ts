import { describe, expect, it } from 'vitest';
import { mergePairs, pairsFromPaste, tickerToggle } from './ticker-rules';

const ACTIVE = [
  { id: 1, ticker: 'BTCUSDT' },
  { id: 2, ticker: 'ETHUSDT' },
  { id: 3, ticker: 'SOLUSDT' },
];

describe('pairsFromPaste', () => {
  it('keeps known active tickers from messy text, each once, in the order pasted', () => {
    const text = ' ethusdt;BTCUSDT,\n"XRPUSDT" / btcusdt\tSOLUSDT!! ethUSDT';
    expect(pairsFromPaste(text, ACTIVE)).toEqual([ACTIVE[1], ACTIVE[0], ACTIVE[2]]);
  });

  it('finds nothing in text without known tickers', () => {
    expect(pairsFromPaste('hello, world; DOGEUSDT', ACTIVE)).toEqual([]);
  });
});

describe('mergePairs', () => {
  it('adds pasted pairs after those picked, without repeats', () => {
    expect(mergePairs([ACTIVE[1]], [ACTIVE[0], ACTIVE[1], ACTIVE[2]])).toEqual([ACTIVE[1], ACTIVE[0], ACTIVE[2]]);
  });
});

describe('tickerToggle', () => {
  it('reads Deactivate (a stop) for active and starting', () => {
    expect(tickerToggle('active')).toEqual({ label: 'Deactivate', target: 'inactive' });
    expect(tickerToggle('starting')).toEqual({ label: 'Deactivate', target: 'inactive' });
  });

  it('reads Activate (a start) for inactive and stopping', () => {
    expect(tickerToggle('inactive')).toEqual({ label: 'Activate', target: 'active' });
    expect(tickerToggle('stopping')).toEqual({ label: 'Activate', target: 'active' });
  });
});
