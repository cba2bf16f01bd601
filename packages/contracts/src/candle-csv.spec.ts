import { describe, expect, it } from 'vitest';
import { CandleCsvError, CandleCsvParser } from './candle-csv';

const rowsOf = (lines: string[]) => {
  const parser = new CandleCsvParser();
  const rows = lines.map((line) => parser.row(line)).filter((row) => row !== null);
  parser.end();
  return rows;
};

describe('the candle CSV parser, line by line', () => {
  it('keeps the decimals as written, with Binance quote volume and trade count', () => {
    const [row] = rowsOf(['1704067200000,42283.58000000,42298.62,42261.02,42298.61,35.92724000,1704067259999,1519032.4898,1492,20.14,851624.52,0']);
    expect(row.text).toEqual({ open: '42283.58000000', high: '42298.62', low: '42261.02', close: '42298.61', volume: '35.92724000', quoteVolume: '1519032.4898', trades: '1492' });
    expect(row.open).toBe(42283.58);
  });

  it('reads quote volume and trades from a header when named, and none when not', () => {
    const [named] = rowsOf(['timestamp,open,high,low,close,volume,quote_volume,trades', '2024-01-01T00:00:00Z,1,2,0.5,1.5,3,4.5,7']);
    expect(named.text).toMatchObject({ quoteVolume: '4.5', trades: '7' });
    const [plain] = rowsOf(['timestamp,open,high,low,close,volume', '2024-01-01T00:00:00Z,1,2,0.5,1.5,3']);
    expect(plain.text).toMatchObject({ quoteVolume: null, trades: null });
  });

  it('refuses a trade count that is not whole, with its line', () => {
    expect(() => rowsOf(['1704067200000,1,2,0.5,1.5,3,1704067259999,4.5,7.5'])).toThrow(new CandleCsvError(1, "trades '7.5' is not a whole number"));
  });

  it('numbers lines across blank ones, and takes one line at a time', () => {
    const parser = new CandleCsvParser();
    expect(parser.row('')).toBeNull();
    expect(parser.row('open_time,open,high,low,close,volume')).toBeNull();
    expect(parser.row('1704067200000,1,2,0.5,1.5,3')?.at).toBe(Date.UTC(2024, 0, 1));
    expect(() => parser.row('1704067200000,1,2,0.5,1.5,3')).toThrow('line 4: time 2024-01-01T00:00:00.000Z does not come after the row before');
    expect(parser.rows).toBe(1);
  });
});
