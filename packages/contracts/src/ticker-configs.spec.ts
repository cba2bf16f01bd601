import { describe, expect, it } from 'vitest';
import { isTickerConfigLocked, tickersFromPaste } from './ticker-configs';

describe('ticker configs', () => {
  it('keeps only known active tickers from pasted text, each once, in the order pasted', () => {
    const active = new Set(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    expect(tickersFromPaste('btcusdt, ETHUSDT;;\nDOGEUSDT  eth-usdt BTCUSDT/SOLUSDT', active)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    expect(tickersFromPaste('', active)).toEqual([]);
    expect(tickersFromPaste('  ;; -- ', active)).toEqual([]);
  });

  it('locks a config while it is active or starting, not while inactive or stopping', () => {
    expect(isTickerConfigLocked('active')).toBe(true);
    expect(isTickerConfigLocked('starting')).toBe(true);
    expect(isTickerConfigLocked('inactive')).toBe(false);
    expect(isTickerConfigLocked('stopping')).toBe(false);
  });
});
