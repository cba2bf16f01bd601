import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);
const SEED = 7;
const TICKERS = ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT'];
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });
const HOUR = 60 * MINUTE_MS;
const BLOCKER_MINUTES = 30;

describe('risk triggers in the minute loop', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
  });
  afterAll(() => db.drop());

  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.pool.query(sql, params)).rows as T[];

  it('a timer trigger fires once an open position is older than its blocker: triggered_at, a log row, one alert for Telegram, new signals blocked', async () => {
    const [trigger] = await rows<{ id: number }>(
      `INSERT INTO risk_triggers (trigger_name, trigger_type, trigger_blocker, alert, is_active) VALUES ('Old positions', 'timer', $1, true, true) RETURNING id`,
      [BLOCKER_MINUTES],
    );
    const engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
    await engine.advance(START + 12 * HOUR);

    // The first minute a position still open after that minute's trading was BLOCKER_MINUTES old (since
    // its first fill); positions are stamped with the close of the minute that changed them.
    const [first] = await rows<{ due: Date | null }>(
      `SELECT min(created_at + make_interval(mins => $1)) AS due FROM positions WHERE closed_at IS NULL OR closed_at > created_at + make_interval(mins => $1 + 1)`,
      [BLOCKER_MINUTES],
    );
    expect(first.due).not.toBeNull();
    if (!first.due) return;
    const fired = await rows<{ created_at: Date; log_data: Record<string, string> }>(`SELECT created_at, log_data FROM logs WHERE event_type = 'risk_trigger_fired' ORDER BY id`);
    expect(fired.length).toBeGreaterThan(0);
    expect(fired[0].log_data.trigger_id).toBe(String(trigger.id));
    expect(fired[0].created_at.getTime()).toBe(first.due.getTime());

    const [row] = await rows<{ triggered_at: Date }>(`SELECT triggered_at FROM risk_triggers WHERE id = $1`, [trigger.id]);
    expect(row.triggered_at.getTime()).toBe(fired[fired.length - 1].created_at.getTime());

    // One alert per firing, not one per minute, each with its Telegram message waiting for the sender.
    // Each is also left for the worker to fan out to users' own channels (kind set, not fanned out yet).
    const alerts = await rows<{ title: string; text_body: string; bot: string; status: string; kind: string; fanned_out: boolean }>(
      `SELECT n.title, n.text_body, o.bot, o.status, n.kind, n.fanned_out_at IS NOT NULL AS fanned_out FROM notifications n JOIN telegram_outbox o ON o.notification_id = n.id ORDER BY n.id`,
    );
    expect(alerts).toHaveLength(fired.length);
    expect(alerts[0]).toMatchObject({ title: 'Risk trigger fired', bot: 'main', status: 'pending', kind: 'risk_trigger_fired', fanned_out: false });
    expect(alerts[0].text_body).toContain(`'Old positions' (timer) fired at ${BLOCKER_MINUTES}`);

    // While it was fired (from the minute after it fired to its release), the profile started no signal.
    const released = await rows<{ created_at: Date }>(`SELECT created_at FROM logs WHERE event_type = 'risk_trigger_released' ORDER BY id`);
    const until = released.find((r) => r.created_at > fired[0].created_at)?.created_at ?? new Date(engine.lastMinute + MINUTE_MS);
    const during = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM signals WHERE created_at > $1 AND created_at <= $2`, [
      new Date(fired[0].created_at.getTime() + MINUTE_MS),
      until,
    ]);
    expect(until.getTime() - fired[0].created_at.getTime()).toBeGreaterThan(MINUTE_MS);
    expect(during[0].n).toBe(0);
  });
});

describe('opposite_dir in the minute loop', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, TICKERS);
  });
  afterAll(() => db.drop());

  it("measures the share of the profile's pairs whose last 1h bar did not rise (the profile trades long)", async () => {
    // Any bar that did not rise counts (0 ATRs, any ATR): with four pairs the measure is 0, 25, 50, 75 or 100.
    await db.pool.query(
      `INSERT INTO risk_triggers (trigger_name, trigger_type, trigger_blocker, trigger_blocker_opp_dir_sp, trigger_blocker_opp_dir_atr, is_active)
       VALUES ('Falling pairs', 'opposite_dir', 50, 0, 0, true)`,
    );
    const engine = await PaperEngine.open(db.pool, { seed: SEED, startAt: START });
    await engine.advance(START + 3 * HOUR);
    const logs = (await db.pool.query<{ event_type: string; log_data: { measure: string } }>(`SELECT event_type, log_data FROM logs WHERE type = 'restrictions' ORDER BY id`)).rows;
    const fired = logs.filter((l) => l.event_type === 'risk_trigger_fired');
    expect(fired.length).toBeGreaterThan(0);
    for (const log of logs) expect(['0', '25', '50', '75', '100']).toContain(log.log_data.measure);
    for (const log of fired) expect(Number(log.log_data.measure)).toBeGreaterThanOrEqual(50);
  });
});
