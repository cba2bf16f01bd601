import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TRADING_DECIMALS } from '@console/contracts';
import { Dec, dec, decOrNull, formatFixed, roundTo, sum, toDbText, toJsonNumber, toJsonNumberOrNull } from './decimal';

// Every expected value below was worked out by hand (or with Python's decimal module), not by the helper.
describe('decimal helper', () => {
  it('adds exactly where binary floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(dec('0.1').plus('0.2').toFixed()).toBe('0.3');
    expect(sum(Array.from({ length: 10 }, () => '0.1')).toFixed()).toBe('1');
    expect(sum(['1000000000000.00000001', '-0.00000001', '0.5']).toFixed()).toBe('1000000000000.5');
    expect(sum([]).toFixed()).toBe('0');
  });

  it('rounds halves away from zero, to any number of places', () => {
    expect((1.005).toFixed(2)).toBe('1.00'); // the float trap the helper avoids
    expect(roundTo('1.005', 2).toFixed()).toBe('1.01');
    expect(roundTo('2.5', 0).toFixed()).toBe('3');
    expect(roundTo('-2.5', 0).toFixed()).toBe('-3');
    expect(roundTo('0.0000012345', 7).toFixed()).toBe('0.0000012');
    expect(roundTo('27123.456785', 5).toFixed()).toBe('27123.45679');
  });

  it('does PnL arithmetic: long and short results, percent of size, order size, average entry', () => {
    // Long 0.0125 BTC from 27123.45 to 27456.78: 333.33 × 0.0125.
    const longPnl = dec('27456.78').minus('27123.45').times('0.0125');
    expect(longPnl.toFixed()).toBe('4.166625');
    expect(toJsonNumber(longPnl, TRADING_DECIMALS.orderSize)).toBe(4.17);
    // Its percent of the position size 339.043125: 1.2289365843…%.
    const size = dec('27123.45').times('0.0125');
    expect(size.toFixed()).toBe('339.043125');
    expect(formatFixed(longPnl.div(size).times(100), 6)).toBe('1.228937');
    // Short 1500 coins from 1.2345 down to 1.2001 gains 0.0344 × 1500.
    expect(dec('1.2345').minus('1.2001').times(1500).toFixed()).toBe('51.6');
    // Order size: price × quantity, 2 decimals.
    expect(formatFixed(dec('0.00012345').times('1234567.8'), TRADING_DECIMALS.orderSize)).toBe('152.41');
    // Average entry over three fills: (0.5 × 100.10 + 0.3 × 100.40 + 0.2 × 99.95) / 1.0.
    const fills = [
      ['0.5', '100.10'],
      ['0.3', '100.40'],
      ['0.2', '99.95'],
    ] as const;
    const cost = sum(fills.map(([q, p]) => dec(q).times(p)));
    expect(cost.div(sum(fills.map(([q]) => q))).toFixed()).toBe('100.16');
    // One signal quota: 1000 / 3 to 2 decimals.
    expect(roundTo(dec(1000).div(3), TRADING_DECIMALS.oneSignalQuota).toFixed()).toBe('333.33');
  });

  it('parses what PostgreSQL writes for NUMERIC and refuses anything else', () => {
    expect(dec('12.500000000000').toFixed()).toBe('12.5');
    expect(dec('-0.000000010000').toFixed()).toBe('-0.00000001');
    expect(dec('123456789012345678.123456789012').toFixed()).toBe('123456789012345678.123456789012');
    expect(dec(0.1).toFixed()).toBe('0.1');
    expect(decOrNull(null)).toBeNull();
    for (const text of ['1e3', '0x10', 'NaN', 'Infinity', '', ' 1', '1.', '.5', '1,5']) expect(() => dec(text)).toThrow(RangeError);
    for (const number of [NaN, Infinity, -Infinity]) expect(() => dec(number)).toThrow(RangeError);
  });

  it('formats with the spec’s decimals', () => {
    expect(formatFixed('12.3', 2)).toBe('12.30');
    expect(formatFixed('0.000012345', TRADING_DECIMALS.orderPrice)).toBe('0.00001');
    expect(formatFixed('0.9999999', TRADING_DECIMALS.positionCoins)).toBe('1.0000');
    expect(formatFixed('1234567.5', TRADING_DECIMALS.turnover)).toBe('1234568');
  });

  it('answers JSON numbers that read back as the decimal meant', () => {
    expect(toJsonNumber('27123.456789', TRADING_DECIMALS.orderPrice)).toBe(27123.45679);
    expect(toJsonNumber('12.300000000000')).toBe(12.3);
    expect(JSON.stringify({ v: toJsonNumber(dec('0.1').plus('0.2')) })).toBe('{"v":0.3}');
    // Beyond 15 significant digits a double is not exact: rounded there.
    expect(toJsonNumber('1234567890.123456789012')).toBe(1234567890.12346);
    // Short texts are read straight: the same numbers as through decimal.js.
    for (const text of ['0.71646995', '-1.39544861', '1451.208791000000', '0.000000000001', '100000000000000000000', '-0.00000000', '99999.999999999999']) {
      expect(toJsonNumber(text)).toBe(dec(text).toSignificantDigits(15, Dec.ROUND_HALF_UP).toNumber() || 0);
    }
    expect(Object.is(toJsonNumber('-0.001', 2), 0)).toBe(true);
    expect(toJsonNumberOrNull(null, 2)).toBeNull();
  });

  it('writes query parameters at a column’s scale', () => {
    expect(toDbText(0.1 + 0.2, 'money')).toBe('0.3');
    expect(toDbText('1.1234567891235', 'price')).toBe('1.123456789124');
    expect(toDbText('-5', 'ratio')).toBe('-5');
  });
});

describe('decimal helper and PostgreSQL agree', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ connectionString: inject('adminDatabaseUrl') });
    await client.connect();
  });
  afterAll(() => client.end());

  it('rounds like round(numeric) and sums like sum(numeric)', async () => {
    const cases: [string, number][] = [
      ['2.5', 0],
      ['-2.5', 0],
      ['1.005', 2],
      ['-1.005', 2],
      ['27123.456785', 5],
      ['0.00000000125', 10],
    ];
    for (const [value, places] of cases) {
      const { rows } = await client.query<{ r: string }>(`SELECT round($1::numeric, $2)::text AS r`, [value, places]);
      expect(roundTo(value, places).toFixed(places)).toBe(rows[0].r);
    }
    const values = ['0.1', '0.2', '0.3', '-1000000.00000001', '999999.99999999'];
    const { rows } = await client.query<{ s: string }>(`SELECT sum(v)::text AS s FROM unnest($1::numeric[]) AS v`, [values]);
    expect(sum(values).eq(dec(rows[0].s))).toBe(true);
  });
});
