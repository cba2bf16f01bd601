import { POSITION_MESSAGES } from '@console/contracts';
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
const HOUR = 60 * MINUTE_MS;

interface PositionRow {
  id: string;
  signal_id: string;
  state: string;
  action_state: string;
  active_p_coins: string;
  r_pnl: string;
  u_pnl: string;
  avg_e_price: string;
  mark_price: string;
}

describe('operator commands carried out by the engine', () => {
  let db: TestDatabase;
  let engine: PaperEngine;
  let keys = 0;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
    engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
    await engine.advance(START + 12 * HOUR);
  });
  afterAll(() => db.drop());

  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];
  const position = async (id: string) => (await rows<PositionRow>(`SELECT id::text, signal_id::text, state, action_state, active_p_coins, r_pnl, u_pnl, avg_e_price, mark_price FROM positions WHERE id = $1`, [id]))[0];
  const openPositions = () =>
    rows<PositionRow>(`SELECT id::text, signal_id::text, state, action_state, active_p_coins, r_pnl, u_pnl, avg_e_price, mark_price FROM positions WHERE state = 'open' AND active_p_coins > 0 ORDER BY id`);
  const command = async (id: string) => (await rows<{ status: string; error: string | null; completed_at: Date | null }>(`SELECT status, error, completed_at FROM engine_commands WHERE id = $1`, [id]))[0];

  /** A command as the API writes it: the row, and the target's action_state set to the pending one. */
  async function ask(kind: string, positionId: string, payload: Record<string, unknown> = {}): Promise<string> {
    await db.pool.query(`UPDATE positions SET action_state = 'CLOSING' WHERE id = $1`, [positionId]);
    const [row] = await rows<{ id: string }>(
      `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ($1, 'position', $2, $3, $4) RETURNING id::text`,
      [kind, positionId, JSON.stringify(payload), `test-${++keys}`],
    );
    return row.id;
  }

  it('close_market closes the position with its realised PnL, succeeds once and marks it CLOSED', async () => {
    const [target] = await openPositions();
    expect(target).toBeDefined();
    const id = await ask('close_market', target.id);
    await engine.commands();

    const closed = await position(target.id);
    expect(closed).toMatchObject({ state: 'closed', action_state: 'CLOSED' });
    expect(dec(closed.active_p_coins).isZero()).toBe(true);
    expect(dec(closed.u_pnl).isZero()).toBe(true);
    // The market exit realised the move since entry, less the fees: not what the entry alone left.
    expect(dec(closed.r_pnl).equals(dec(target.r_pnl))).toBe(false);
    const done = await command(id);
    expect(done).toMatchObject({ status: 'succeeded', error: null });
    const [signal] = await rows<{ status: string }>(`SELECT status FROM signals WHERE id = $1`, [target.signal_id]);
    expect(signal.status).toBe('finished');

    // Later passes and minutes leave the completed command as it is.
    await engine.commands();
    await engine.advance(engine.lastMinute + 5 * MINUTE_MS);
    expect(await command(id)).toEqual(done);
    expect((await position(target.id)).r_pnl).toBe(closed.r_pnl);
  });

  it('an engine just started (killed and started again) carries out a close before it has traded a minute', async () => {
    const [target] = await openPositions();
    expect(target).toBeDefined();
    const restarted = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
    const id = await ask('close_market', target.id);
    await restarted.commands();
    expect(await command(id)).toMatchObject({ status: 'succeeded', error: null });
    expect(await position(target.id)).toMatchObject({ state: 'closed', action_state: 'CLOSED' });
    // The first engine picks up from the restarted one's state, as the next turn of one engine would.
    engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
  });

  it('a command on a finished position fails with the reason the console shows', async () => {
    const [closed] = await rows<{ id: string }>(`SELECT id::text FROM positions WHERE state = 'closed' ORDER BY id LIMIT 1`);
    const id = await ask('close_market', closed.id);
    await engine.commands();
    expect(await command(id)).toMatchObject({ status: 'failed', error: POSITION_MESSAGES.positionClosed });
    expect((await position(closed.id)).action_state).toBe('NONE');
  });

  it('close_limit stays pending with the position CLOSING until the price reaches it, then succeeds', async () => {
    // A long under water: its limit exit above the entry does not cross the price at placement.
    let target: PositionRow | undefined;
    for (let i = 0; i < 48 && !target; i++) {
      target = (await openPositions()).find((p) => dec(p.mark_price).lessThan(p.avg_e_price));
      if (!target) await engine.advance(engine.lastMinute + HOUR);
    }
    expect(target).toBeDefined();
    if (!target) return;
    const id = await ask('close_limit', target.id, { coefficient: '0.001' });
    await engine.commands();
    expect(await command(id)).toMatchObject({ status: 'pending', completed_at: null });
    expect(await position(target.id)).toMatchObject({ state: 'open', action_state: 'CLOSING' });

    for (let i = 0; i < 14 * 24 && (await command(id)).status === 'pending'; i++) {
      await engine.advance(engine.lastMinute + HOUR);
      const [held] = await rows<{ avg_e_price: string; state: string }>(`SELECT avg_e_price, state FROM positions WHERE id = $1`, [target.id]);
      if (held.state === 'open') expect((await position(target.id)).action_state).toBe('CLOSING');
    }
    expect(await command(id)).toMatchObject({ status: 'succeeded', error: null });
    const closed = await position(target.id);
    expect(closed).toMatchObject({ state: 'closed', action_state: 'CLOSED' });
    // The exit filled at its limit, above the entry: the trade gained before fees.
    const [exit] = await rows<{ price: string; status: string }>(`SELECT price, status FROM orders WHERE signal_id = $1 AND order_type = 'exit' AND status = 'FILLED'`, [target.signal_id]);
    expect(dec(exit.price).greaterThan(target.avg_e_price)).toBe(true);
  });
});

describe('the bot switched off', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
  });
  afterAll(() => db.drop());

  it('starts no new signal while the open ones keep being managed', async () => {
    const engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
    await engine.advance(START + 12 * HOUR);
    const open = (await db.pool.query<{ id: string }>(`SELECT id::text FROM signals WHERE finished_at IS NULL ORDER BY id`)).rows;
    expect(open.length).toBeGreaterThan(0);
    const before = (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM signals`)).rows[0].n;

    await db.pool.query(`UPDATE bot_status SET action_state = 'CHANGING'`);
    const { rows } = await db.pool.query<{ id: string }>(
      `INSERT INTO engine_commands (kind, target_type, idempotency_key) VALUES ('disable_bot', 'system', 'test-off') RETURNING id::text`,
    );
    await engine.commands();
    const [bot] = (await db.pool.query(`SELECT status, action_state FROM bot_status`)).rows;
    expect(bot).toEqual({ status: 'disabled', action_state: 'CHANGED' });
    expect((await db.pool.query(`SELECT status FROM engine_commands WHERE id = $1`, [rows[0].id])).rows[0].status).toBe('succeeded');

    const off = engine.lastMinute;
    await engine.advance(off + 3 * HOUR);
    expect((await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM signals`)).rows[0].n).toBe(before);
    // Every signal open at the switch went on: still followed to the last minute, or ended after it.
    const later = (await db.pool.query<{ id: string; updated_at: Date; finished_at: Date | null }>(`SELECT id::text, updated_at, finished_at FROM signals WHERE id = ANY($1::bigint[])`, [open.map((s) => s.id)])).rows;
    for (const signal of later) {
      const moved = signal.finished_at ? signal.finished_at.getTime() > off : signal.updated_at.getTime() === engine.lastMinute + MINUTE_MS;
      expect(moved, `signal ${signal.id}`).toBe(true);
    }
  });
});
