import { describe, expect, it } from 'vitest';
import { CandleCsvError, parseCandlesCsv, ReplaySource } from './replay';

const BINANCE_ROWS = [
  '1704067200000,42283.58,42298.62,42261.02,42298.61,35.92724,1704067259999,1519032.4898,1492,20.14224,851624.5231,0',
  '1704067260000,42298.62,42320.00,42298.61,42314.99,21.50300,1704067319999,909786.2136,887,12.01000,508144.1000,0',
];

describe('candle CSV', () => {
  it('reads Binance klines without a header', () => {
    const candles = parseCandlesCsv(BINANCE_ROWS.join('\n') + '\n');
    expect(candles).toEqual([
      { at: Date.UTC(2024, 0, 1, 0, 0), open: 42283.58, high: 42298.62, low: 42261.02, close: 42298.61, volume: 35.92724 },
      { at: Date.UTC(2024, 0, 1, 0, 1), open: 42298.62, high: 42320, low: 42298.61, close: 42314.99, volume: 21.503 },
    ]);
  });

  it('reads Binance klines with their header and microsecond times, Windows line ends included', () => {
    const header = 'open_time,open,high,low,close,volume,close_time,quote_volume,count,taker_buy_volume,taker_buy_quote_volume,ignore';
    const micro = BINANCE_ROWS.map((row) => row.replace(/^(\d+)/, '$1000'));
    const candles = parseCandlesCsv([header, ...micro].join('\r\n'));
    expect(candles.map((c) => c.at)).toEqual([Date.UTC(2024, 0, 1, 0, 0), Date.UTC(2024, 0, 1, 0, 1)]);
    expect(candles[1].close).toBe(42314.99);
  });

  it('reads the plain timestamp header form, with columns in any order and ISO or epoch-second times', () => {
    const csv = ['Timestamp,Volume,Close,Low,High,Open', '2024-03-01T10:00:00Z,1500,0.1234,0.1230,0.1240,0.1235', '1709287260,900.5,0.1236,0.1233,0.1237,0.1234', '2024-03-01 10:02,10,0.1236,0.1236,0.1236,0.1236'].join('\n');
    expect(parseCandlesCsv(csv)).toEqual([
      { at: Date.UTC(2024, 2, 1, 10, 0), open: 0.1235, high: 0.124, low: 0.123, close: 0.1234, volume: 1500 },
      { at: Date.UTC(2024, 2, 1, 10, 1), open: 0.1234, high: 0.1237, low: 0.1233, close: 0.1236, volume: 900.5 },
      { at: Date.UTC(2024, 2, 1, 10, 2), open: 0.1236, high: 0.1236, low: 0.1236, close: 0.1236, volume: 10 },
    ]);
  });

  it('stops at a bad row with its line number and the fault', () => {
    const bad = (rows: string[]) => {
      try {
        parseCandlesCsv(rows.join('\n'));
      } catch (error) {
        expect(error).toBeInstanceOf(CandleCsvError);
        return (error as Error).message;
      }
      throw new Error('parsed');
    };
    expect(bad([BINANCE_ROWS[0], '1704067260000,42298.62,abc,42298.61,42314.99,21.5'])).toBe("line 2: high 'abc' is not a number");
    expect(bad([BINANCE_ROWS[0], '', '1704067260000,42298.62,42300,42298.61'])).toBe('line 3: expected at least 6 fields, found 4');
    expect(bad(['1704067260000,100,99,98,99.5,1'])).toBe('line 1: high 99 is below open or close');
    expect(bad(['1704067260000,100,101,100.5,100.7,1'])).toBe('line 1: low 100.5 is above open or close');
    expect(bad(['1704067260000,0,101,0,100.7,1'])).toBe('line 1: open must be a positive number');
    expect(bad(['1704067261000,100,101,99,100.7,1'])).toBe('line 1: time 2024-01-01T00:01:01.000Z is not the start of a minute');
    expect(bad([BINANCE_ROWS[1], BINANCE_ROWS[0]])).toBe('line 2: time 2024-01-01T00:00:00.000Z does not come after the row before');
    expect(bad(['timestamp,open,high,low,close', '1704067260000,1,1,1,1'])).toBe('line 1: no volume column in the header');
    expect(bad(['when,open,high,low,close,volume'])).toMatch(/^line 1: no time column in the header/);
    expect(bad(['timestamp,open,high,low,close,volume', 'yesterday,1,1,1,1,1'])).toBe("line 2: time 'yesterday' is neither epoch digits nor an ISO 8601 date-time");
    expect(bad(['', ''])).toBe('line 1: the file has no rows');
  });
});

describe('replay source', () => {
  it('answers by minute, with gaps where the file has no row', () => {
    const source = new ReplaySource();
    source.addCsv('BTCUSDT', [BINANCE_ROWS[0], '1704067320000,42314.99,42330,42300,42310,5'].join('\n'));
    expect(source.candle('BTCUSDT', Date.UTC(2024, 0, 1, 0, 0))?.close).toBe(42298.61);
    expect(source.candle('BTCUSDT', Date.UTC(2024, 0, 1, 0, 1))).toBeNull();
    expect(source.candle('ETHUSDT', Date.UTC(2024, 0, 1, 0, 0))).toBeNull();
    const block = source.range('BTCUSDT', Date.UTC(2024, 0, 1, 0, 1), Date.UTC(2024, 0, 1, 1, 0));
    expect(block.length).toBe(1);
    expect(block.candle(0)).toEqual({ at: Date.UTC(2024, 0, 1, 0, 2), open: 42314.99, high: 42330, low: 42300, close: 42310, volume: 5 });
    expect(source.range('ETHUSDT', Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)).length).toBe(0);
  });
});
