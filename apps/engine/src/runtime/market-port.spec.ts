import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS, type Candle } from '../market/candle';
import { CandleList } from '../market/list';
import { MarketModel } from '../market/model';
import type { MarketData } from '../market/port';
import { ReplaySource } from '../market/replay';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const END = START + 720 * MINUTE_MS - MINUTE_MS;
const TICKERS = ['BTCUSDT', 'DOGEUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });

/** Every row of the trading tables the engine writes, every column, as text. */
async function tables(db: TestDatabase) {
  const all = async (sql: string) => (await db.pool.query(sql)).rows.map((row) => JSON.stringify(row));
  return {
    signals: await all(`SELECT * FROM signals ORDER BY id`),
    orders: await all(`SELECT * FROM orders ORDER BY id`),
    positions: await all(`SELECT * FROM positions ORDER BY id`),
    account_metrics: await all(`SELECT * FROM account_metrics ORDER BY exchange_account_id, at`),
    logs: await all(`SELECT * FROM logs ORDER BY id`),
  };
}

describe('the market data port', () => {
  // Candles of a window around the span (the warm-up and the VaR look-back reach days back), taken once
  // from the model: the same candles are then served by a replay and by a fixed in-memory list.
  const model = new MarketModel(7);
  const from = START - 10 * 1440 * MINUTE_MS;
  const candles: Record<string, Candle[]> = {};
  for (const ticker of TICKERS) {
    const block = model.range(ticker, from, END + MINUTE_MS);
    candles[ticker] = Array.from({ length: block.length }, (_, i) => block.candle(i));
  }
  const ticks = Object.fromEntries(TICKERS.map((t) => [t, model.tickDecimals(t)]));
  const replay = new ReplaySource();
  for (const ticker of TICKERS) replay.add(ticker, candles[ticker], ticks[ticker]);
  const list = new CandleList(candles, ticks);

  const dbs: TestDatabase[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) dbs.push(await createTestDatabase());
    for (const db of dbs) await seedProfile(db.pool, doc, TICKERS);
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('serves the same candles from a replay and from a fixed list, and none outside them', () => {
    for (const source of [replay, list] as MarketData[]) {
      expect(source.candle('BTCUSDT', START)).toEqual(model.candle('BTCUSDT', START));
      expect(source.candle('BTCUSDT', END + MINUTE_MS)).toBeNull();
      expect(source.candle('ETHUSDT', START)).toBeNull();
      expect(source.tickDecimals('DOGEUSDT')).toBe(6);
      const block = source.range('DOGEUSDT', END - 2 * MINUTE_MS, END + 5 * MINUTE_MS);
      expect(block.length).toBe(3);
      expect(block.candle(2)).toEqual(candles.DOGEUSDT.at(-1));
    }
    expect(() => new CandleList({ BTCUSDT: [candles.BTCUSDT[0], candles.BTCUSDT[2]] })).toThrow(/not the minute after/);
  });

  it('trades a fixed candle list exactly as a replay of the same candles, and both as the model they came from', async () => {
    const [onReplay, onList, onModel] = dbs;
    await (await PaperEngine.open(onReplay.pool, { market: replay, startAt: START })).history(END, { batchMinutes: 360 });
    await (await PaperEngine.open(onList.pool, { market: list, startAt: START })).history(END, { batchMinutes: 360 });
    await (await PaperEngine.open(onModel.pool, { seed: 7, startAt: START })).history(END, { batchMinutes: 360 });
    const expected = await tables(onReplay);
    expect(expected.signals.length).toBeGreaterThan(0);
    expect(expected.orders.length).toBeGreaterThan(0);
    expect(expected.account_metrics).toHaveLength(720);
    for (const [label, db] of [['list', onList], ['model', onModel]] as const) {
      const got = await tables(db);
      for (const name of Object.keys(expected) as (keyof typeof expected)[]) {
        expect(got[name].length, `${label} ${name}`).toBe(expected[name].length);
        got[name].forEach((row, i) => expect(row, `${label} ${name}[${i}]`).toBe(expected[name][i]));
      }
    }
  }, 300_000);
});
