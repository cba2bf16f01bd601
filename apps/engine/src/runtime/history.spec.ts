import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const END = START + 2 * 1440 * MINUTE_MS - MINUTE_MS;
const SEED = 7;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });

/** A profile that trades, a timer trigger that blocks and alerts, and Hard Risk Control that reduces and closes. */
async function seed(db: TestDatabase): Promise<void> {
  await seedProfile(db.pool, doc, TICKERS);
  await db.pool.query(`INSERT INTO risk_triggers (trigger_name, trigger_type, trigger_blocker, alert, is_active) VALUES ('Old positions', 'timer', 90, true, true)`);
  await db.pool.query(
    `INSERT INTO risk_triggers (trigger_name, trigger_type, trigger_blocker, trigger_unblocker, position_reduce, x_percent_depo, y_percent_depo, alert, is_active)
     VALUES ('Hard risk', 'nav_reducing', 0.05, 0.01, 50, 0.05, 0.3, true, true)`,
  );
}

/** Every row of the tables the engine writes, every column. */
async function tables(db: TestDatabase) {
  const all = async (sql: string) => (await db.pool.query(sql)).rows;
  return {
    signals: await all(`SELECT * FROM signals ORDER BY id`),
    orders: await all(`SELECT * FROM orders ORDER BY id`),
    positions: await all(`SELECT * FROM positions ORDER BY id`),
    account_metrics: await all(`SELECT * FROM account_metrics ORDER BY exchange_account_id, at`),
    logs: await all(`SELECT * FROM logs ORDER BY id`),
    notifications: await all(`SELECT id, title, text_body, created_at FROM notifications ORDER BY id`),
    triggers: await all(`SELECT id, triggered_at FROM risk_triggers ORDER BY id`),
  };
}

describe('history mode', () => {
  const dbs: TestDatabase[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) dbs.push(await createTestDatabase());
    for (const db of dbs) await seed(db);
  }, 60_000);
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('writes the same rows as minute-by-minute advance, also when a batch crashes and the span resumes', async () => {
    const [minuteByMinute, batched, crashed] = dbs;
    await (await PaperEngine.open(minuteByMinute.pool, { seed: SEED, startAt: START })).advance(END);

    const seen: number[] = [];
    const progress = await (await PaperEngine.open(batched.pool, { seed: SEED, startAt: START })).history(END, { batchMinutes: 1000, onBatch: (at) => seen.push(at) });
    expect(progress.minutes).toBe(2 * 1440);
    expect(seen).toEqual([START + 999 * MINUTE_MS, START + 1999 * MINUTE_MS, END]);

    const crash = START + 1500 * MINUTE_MS;
    const first = await PaperEngine.open(crashed.pool, { seed: SEED, startAt: START, crashAt: crash });
    await expect(first.history(END, { batchMinutes: 1000 })).rejects.toThrow(/crash requested/);
    // Sequences do not roll back: the crashed batch spent ids. Every id a committed batch took is in its
    // table, so each sequence goes back to its table's highest id, and the ids can be compared too.
    for (const table of ['signals', 'orders', 'positions', 'logs', 'notifications']) {
      await crashed.pool.query(`SELECT setval('${table}_id_seq', coalesce((SELECT max(id) FROM ${table}), 1), (SELECT count(*) > 0 FROM ${table}))`);
    }
    const second = await PaperEngine.open(crashed.pool, { seed: SEED, startAt: START });
    expect(second.lastMinute).toBe(START + 999 * MINUTE_MS);
    await second.history(END, { batchMinutes: 1000 });

    const expected = await tables(minuteByMinute);
    expect(expected.signals.length).toBeGreaterThan(3);
    expect(expected.positions.length).toBeGreaterThan(0);
    expect(expected.logs.some((l) => l.event_type === 'risk_trigger_fired')).toBe(true);
    expect(expected.logs.some((l) => l.event_type === 'risk_trigger_reduced' || l.event_type === 'risk_trigger_closed')).toBe(true);
    expect(expected.account_metrics).toHaveLength(2 * 1440);
    for (const [label, db] of [['batched', batched], ['crashed', crashed]] as const) {
      const got = await tables(db);
      // Table by table and row by row as text, so a difference names its table and row.
      for (const name of Object.keys(expected) as (keyof typeof expected)[]) {
        expect(got[name].length, `${label} ${name}`).toBe(expected[name].length);
        got[name].forEach((row, i) => expect(JSON.stringify(row), `${label} ${name}[${i}]`).toBe(JSON.stringify(expected[name][i])));
      }
    }
    // History mode makes the months it writes first: its rows are in March 2024's partitions, none in a default one.
    const placed = await batched.pool.query(
      `SELECT (SELECT count(*) FROM account_metrics_p202403)::int AS metrics, (SELECT count(*) FROM logs_p202403)::int AS logs,
              (SELECT count(*) FROM account_metrics_default)::int + (SELECT count(*) FROM logs_default)::int AS in_default`,
    );
    expect(placed.rows).toEqual([{ metrics: 2 * 1440, logs: expected.logs.length, in_default: 0 }]);
  }, 600_000);
});
