import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { dec } from '../money';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const SEED = 7;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });

async function rows(db: TestDatabase, sql: string, params: unknown[] = []) {
  return (await db.pool.query(sql, params)).rows;
}

/** Everything the engine wrote, without the columns that hold the wall clock. */
async function snapshot(db: TestDatabase) {
  return {
    signals: await rows(db, `SELECT id, status, state, size_currency, size_coins, avg_e_price, exit_place, pnl_in_usd, created_at, finished_at FROM signals ORDER BY id`),
    orders: await rows(db, `SELECT id, signal_id, order_type, price, quantity, filled_quantity, status, created_at, updated_at FROM orders ORDER BY id`),
    positions: await rows(db, `SELECT signal_id, state, active_p_coins, r_pnl, u_pnl, closed_at FROM positions ORDER BY signal_id`),
    metrics: await rows(db, `SELECT exchange_account_id, at, nav, var, free_var FROM account_metrics ORDER BY exchange_account_id, at`),
  };
}

describe('the paper engine on PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
  });
  afterAll(() => db.drop());

  it('turns a profile on the seeded market into a signal, orders and a position, with metrics each minute', async () => {
    const engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
    await engine.advance(START + 12 * 60 * MINUTE_MS);
    const positions = await rows(db, `SELECT p.*, s.size_currency FROM positions p JOIN signals s ON s.id = p.signal_id`);
    expect((await rows(db, `SELECT id FROM signals`)).length).toBeGreaterThan(0);
    expect((await rows(db, `SELECT id FROM orders WHERE status = 'FILLED'`)).length).toBeGreaterThan(0);
    expect(positions.length).toBeGreaterThan(0);
    const filledEnter = await rows(db, `SELECT signal_id, sum(price * filled_quantity) AS value FROM orders WHERE order_type = 'enter' GROUP BY signal_id`);
    for (const f of filledEnter) {
      const signal = (await rows(db, `SELECT size_currency, execution FROM signals WHERE id = $1`, [f.signal_id]))[0];
      if (dec(signal.execution).isZero()) continue;
      // coins × price of what was entered is the signal's size, to the cent.
      expect(dec(f.value).minus(signal.size_currency).abs().toNumber()).toBeLessThan(0.01);
    }
    const metrics = await rows(db, `SELECT count(*)::int AS n FROM account_metrics`);
    expect(metrics[0].n).toBe(12 * 60 + 1);
    // VaR from the positions while they are open (historical, on the model's closes); free VaR below NAV then.
    const [risk] = await rows(db, `SELECT count(*) FILTER (WHERE var > 0)::int AS exposed, count(*) FILTER (WHERE free_var > nav OR var < 0)::int AS wrong FROM account_metrics`);
    expect(risk.exposed).toBeGreaterThan(0);
    expect(risk.wrong).toBe(0);
  });
});

describe('a killed engine resumes from PostgreSQL', () => {
  const END = START + 6 * 60 * MINUTE_MS;
  const CRASH = START + 3 * 60 * MINUTE_MS;
  let whole: TestDatabase;
  let crashed: TestDatabase;
  beforeAll(async () => {
    whole = await createTestDatabase();
    crashed = await createTestDatabase();
    await seedProfile(whole.pool, doc, TICKERS);
    await seedProfile(crashed.pool, doc, TICKERS);
  });
  afterAll(async () => {
    await whole.drop();
    await crashed.drop();
  });

  it('writes the same rows as an uninterrupted run of the same seed: nothing lost, nothing twice', async () => {
    await (await PaperEngine.open(whole.pool, { seed: SEED, startAt: START })).advance(END);
    const first = await PaperEngine.open(crashed.pool, { seed: SEED, startAt: START, crashAt: CRASH });
    await expect(first.advance(END)).rejects.toThrow(/crash requested/);
    const second = await PaperEngine.open(crashed.pool, { seed: SEED, startAt: START });
    expect(second.lastMinute).toBe(CRASH - MINUTE_MS);
    await second.advance(END);
    const expected = await snapshot(whole);
    expect(expected.orders.length).toBeGreaterThan(0);
    expect(await snapshot(crashed)).toEqual(expected);
  });
});
