import { ENGINE_MESSAGES } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { MINUTE_MS } from '../market/candle';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const SEED = 7;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });
const HOUR = 60 * MINUTE_MS;
const LEASE_MS = 400;

/** Two engines on one database, as two copies of the process would run: they take turns and share the held commands by lease. */
describe('two engines on one database', () => {
  let db: TestDatabase;
  let a: PaperEngine;
  let b: PaperEngine;
  let keys = 0;
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
  const command = async (id: string) =>
    (await rows<{ status: string; error: string | null; lease_owner: string | null; superseded_by: string | null }>(
      `SELECT status, error, lease_owner, superseded_by::text FROM engine_commands WHERE id = $1`,
      [id],
    ))[0];
  const openExits = (signalId: string) => rows<{ id: string }>(`SELECT id::text FROM orders WHERE signal_id = $1 AND order_type = 'exit' AND status IN ('PLACING', 'PLACED', 'PARTIALLY_FILLED')`, [signalId]);

  async function ask(kind: string, positionId: string, payload: Record<string, unknown> = {}): Promise<string> {
    await db.pool.query(`UPDATE positions SET action_state = 'CLOSING' WHERE id = $1`, [positionId]);
    const [row] = await rows<{ id: string }>(
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ($1, 'position', $2, $3, $4) RETURNING id::text`,
      [kind, positionId, JSON.stringify(payload), `lease-${++keys}`],
    );
    return row.id;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
    a = await PaperEngine.open(db.pool, { seed: SEED, startAt: START, instanceId: 'engine-a', leaseMs: LEASE_MS });
    await a.advance(START + 12 * HOUR);
    b = await PaperEngine.open(db.pool, { seed: SEED, startAt: START, instanceId: 'engine-b', leaseMs: LEASE_MS });
  });
  afterAll(() => db.drop());

  it('take turns on the minutes: the one behind reads what the other wrote and goes on from there', async () => {
    await a.advance(a.lastMinute + 3 * MINUTE_MS);
    const target = a.lastMinute;
    // b opened three minutes earlier: it trades nothing twice, and then the next minute.
    expect(await b.advance(target)).toBe(0);
    expect(b.lastMinute).toBe(target);
    expect(await b.advance(target + MINUTE_MS)).toBe(1);
    expect(await a.advance(target + 2 * MINUTE_MS)).toBe(1);
    const [state] = await rows<{ last_minute: Date }>(`SELECT last_minute FROM engine_state`);
    expect(state.last_minute.getTime()).toBe(target + 2 * MINUTE_MS);
  });

  it('a held limit close is leased to the engine that took it; the other takes it over only once the lease has run out', async () => {
    const [target] = await rows<{ id: string; signal_id: string }>(`SELECT id::text, signal_id::text FROM positions WHERE state = 'open' AND active_p_coins > 0 ORDER BY id LIMIT 1`);
    expect(target).toBeDefined();
    const id = await ask('close_limit', target.id, { coefficient: 0.999 });
    await a.commands();
    expect(await command(id)).toMatchObject({ status: 'pending', lease_owner: 'engine-a' });
    const [exit] = await openExits(target.signal_id);

    // Within the lease the other engine leaves it alone, however often it looks.
    for (let turn = 0; turn < 3; turn++) {
      await b.commands();
      await a.commands();
    }
    expect(await command(id)).toMatchObject({ status: 'pending', lease_owner: 'engine-a' });
    expect(await openExits(target.signal_id)).toEqual([exit]);

    // engine-a stops taking turns: after its lease, engine-b carries the command on.
    await sleep(LEASE_MS + 100);
    await b.commands();
    expect(await command(id)).toMatchObject({ status: 'pending', lease_owner: 'engine-b' });
    expect(await openExits(target.signal_id)).toHaveLength(1);
    // engine-a comes back: it finds the command another's and lets it be.
    await a.commands();
    await b.commands();
    expect(await command(id)).toMatchObject({ status: 'pending', lease_owner: 'engine-b' });

    // A close at market, taken by engine-a, supersedes the command engine-b holds.
    const market = await ask('close_market', target.id);
    await a.commands();
    expect(await command(market)).toMatchObject({ status: 'succeeded', error: null });
    expect(await command(id)).toMatchObject({ status: 'superseded', superseded_by: market, error: ENGINE_MESSAGES.closeSuperseded });
    expect(await openExits(target.signal_id)).toEqual([]);
    const [closed] = await rows<{ state: string; action_state: string }>(`SELECT state, action_state FROM positions WHERE id = $1`, [target.id]);
    expect(closed).toEqual({ state: 'closed', action_state: 'CLOSED' });
    // engine-b drops it on its next turn, and a later minute changes nothing of it.
    await b.commands();
    await b.advance(b.lastMinute + MINUTE_MS);
    expect(await command(id)).toMatchObject({ status: 'superseded' });
  });
});
