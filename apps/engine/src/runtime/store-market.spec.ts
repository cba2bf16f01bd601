import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { MarketModel } from '../market/model';
import { AccountMarkets, CandleStoreSource, type StoredCandleReader } from '../market/store';
import { readStoredCandles } from './sql/candles';
import { createTestDatabase, type TestDatabase } from './testing/database';

const T = Date.UTC(2024, 2, 1, 12);
const iso = (at: number) => new Date(at).toISOString();

describe('the candle store as a market data source', () => {
  let db: TestDatabase;
  const reads: [number, number][] = [];
  let read: StoredCandleReader;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(`SELECT ensure_month_partitions('candles'::regclass, $1, $2)`, [iso(T - 86_400_000), iso(T + 86_400_000)]);
    // Ten stored minutes from T, the fourth missing; prices written with two and three decimals.
    for (let i = 0; i < 10; i++) {
      if (i === 3) continue;
      await db.pool.query(`INSERT INTO candles (exchange, symbol, minute, open, high, low, close, volume) VALUES ('binance', 'BTCUSDT', $1, $2, $3, $4, $5, 1.5)`, [
        iso(T + i * MINUTE_MS),
        `${42000 + i}.10`,
        `${42001 + i}.125`,
        `${41999 + i}.00`,
        `${42000 + i}.50`,
      ]);
    }
    read = async (exchange, symbol, from, to) => {
      reads.push([from, to]);
      return readStoredCandles(db.pool, exchange, symbol, from, to);
    };
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  });

  it('answers stored minutes only, never a minute the store lacks, and reads only what it has not read yet', async () => {
    const store = new CandleStoreSource('binance');
    await store.load(read, 'BTCUSDT', T, T + 5 * MINUTE_MS);
    expect(store.candle('BTCUSDT', T + MINUTE_MS)).toEqual({ at: T + MINUTE_MS, open: 42001.1, high: 42002.125, low: 42000, close: 42001.5, volume: 1.5 });
    expect(store.candle('BTCUSDT', T + 3 * MINUTE_MS)).toBeNull();
    expect(store.candle('ETHUSDT', T)).toBeNull();
    // The finest decimals the store wrote prices in.
    expect(store.tickDecimals('BTCUSDT')).toBe(3);
    expect(() => store.tickDecimals('ETHUSDT')).toThrow(/no candle of binance/);

    // Moving on reads only the new minutes and lets the old go.
    reads.length = 0;
    await store.load(read, 'BTCUSDT', T + 2 * MINUTE_MS, T + 10 * MINUTE_MS);
    expect(reads).toEqual([[T + 5 * MINUTE_MS, T + 10 * MINUTE_MS]]);
    expect(store.candle('BTCUSDT', T + MINUTE_MS)).toBeNull();
    const block = store.range('BTCUSDT', T, T + 10 * MINUTE_MS);
    expect(Array.from(block.at.subarray(0, block.length))).toEqual([2, 4, 5, 6, 7, 8, 9].map((i) => T + i * MINUTE_MS));
    // Reaching further back reads the window again whole.
    reads.length = 0;
    await store.load(read, 'BTCUSDT', T, T + 10 * MINUTE_MS);
    expect(reads).toEqual([[T, T + 10 * MINUTE_MS]]);
    expect(store.range('BTCUSDT', T, T + 10 * MINUTE_MS).length).toBe(9);
  });

  it('routes a pair to its account’s exchange store, every other pair to the model, and says which changed', async () => {
    const model = new MarketModel(3);
    const markets = new AccountMarkets(model);
    expect(markets.route(new Map([['BTCUSDT', 'binance']]))).toEqual(['BTCUSDT']);
    await markets.load(read, T, T + 10 * MINUTE_MS);
    expect(markets.candle('BTCUSDT', T)?.open).toBe(42000.1);
    expect(markets.candle('BTCUSDT', T + 3 * MINUTE_MS)).toBeNull();
    expect(markets.candle('ETHUSDT', T)).toEqual(model.candle('ETHUSDT', T));
    expect(markets.route(new Map([['BTCUSDT', 'binance']]))).toEqual([]);
    expect(markets.route(new Map())).toEqual(['BTCUSDT']);
    expect(markets.candle('BTCUSDT', T)).toEqual(model.candle('BTCUSDT', T));
  });
});
