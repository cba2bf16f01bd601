import { randomBytes } from 'node:crypto';
import { decodeChange, liveStreamKey, type StoredChange } from '@console/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../market/candle';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { CommitChanges, redisLivePublisher, type LivePublisher } from './live';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const START = Date.UTC(2024, 2, 1);
const HOUR = 60 * MINUTE_MS;
const doc = settingsDoc({ signal: { atr_threshold_percents: 0.2, start_point_coefficient: 0.3, timer_minutes: 60 } });

describe("the engine's live events, on the consoles' Redis stream", () => {
  const prefix = `engine-live-test-${randomBytes(4).toString('hex')}`;
  const key = liveStreamKey(prefix);
  let db: TestDatabase;
  let redis: Redis;
  let live: LivePublisher;
  let engine: PaperEngine;

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, doc, ['BTCUSDT', 'ETHUSDT', 'DOGEUSDT', 'SOLUSDT']);
    redis = new Redis(REDIS_URL);
    live = redisLivePublisher({ url: REDIS_URL, prefix, maxLength: 10_000, timeoutMs: 1_000 });
    engine = await PaperEngine.open(db.pool, { seed: 7, startAt: START, live });
  });
  afterAll(async () => {
    await redis.del(key);
    await Promise.all([live.close(), redis.quit(), db.drop()]);
  });

  const read = async (after = '-'): Promise<StoredChange[]> =>
    (await redis.xrange(key, after === '-' ? '-' : `(${after}`, '+')).map(([id, fields]) => decodeChange(id, fields)).filter((c): c is StoredChange => c !== null);
  const ids = async (sql: string) => (await db.pool.query<{ id: string }>(sql)).rows.map((r) => r.id).sort();

  it('announces each commit once per resource and action, with every id the commit wrote', async () => {
    await engine.advance(START + 12 * HOUR);
    const changes = await read();
    const created = (resource: string) => changes.filter((c) => c.resource === resource && c.action === 'created').flatMap((c) => c.ids ?? []).sort();
    expect(created('signals')).toEqual(await ids(`SELECT id::text AS id FROM signals`));
    expect(created('orders')).toEqual(await ids(`SELECT id::text AS id FROM orders`));
    expect(created('positions')).toEqual(await ids(`SELECT id::text AS id FROM positions`));
    // One event per resource and action in each commit, never one per row: a minute's open signals share one.
    expect(changes.filter((c) => c.resource === 'signals' && (c.ids?.length ?? 0) > 1).length).toBeGreaterThan(0);
    expect(changes.every((c) => c.section === { signals: 'signals', orders: 'orders', positions: 'APA', charts: 'charts', 'risk-controls': 'risk_control', notifications: 'notifications' }[c.resource as string])).toBe(true);
    // The charts: a new account_metrics row each minute, announced at most once a minute of wall clock.
    expect(changes.filter((c) => c.resource === 'charts')).toHaveLength(1);
  });

  it("announces a command's outcome as the API announces a command: the target's action_state, then the command", async () => {
    const [position] = (await db.pool.query<{ id: string; signal_id: string }>(`SELECT id::text, signal_id::text FROM positions WHERE state = 'open' AND active_p_coins > 0 ORDER BY id LIMIT 1`)).rows;
    expect(position).toBeDefined();
    await db.pool.query(`UPDATE positions SET action_state = 'CLOSING' WHERE id = $1`, [position.id]);
    const [command] = (
      await db.pool.query<{ id: string }>(`INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ('close_market', 'position', $1, '{}', 'live-1') RETURNING id::text`, [position.id])
    ).rows;
    const [[last]] = await redis.xrevrange(key, '+', '-', 'COUNT', 1);
    await engine.commands();
    const changes = await read(last);
    expect(changes).toContainEqual(expect.objectContaining({ resource: 'positions', action: 'updated', section: 'APA', ids: [position.id], row: { id: position.id, action_state: 'CLOSED' } }));
    expect(changes).toContainEqual(expect.objectContaining({ resource: 'engine-commands', action: 'updated', ids: [command.id] }));
    expect(changes.find((c) => c.resource === 'signals' && !c.row)?.ids).toContain(position.signal_id);
    const rowsEvent = changes.find((c) => c.resource === 'positions' && !c.row);
    expect(rowsEvent?.ids).toContain(position.id);
    // The rows' event comes before the outcomes, as the commit's writes came before its completion.
    expect(changes.findIndex((c) => c.resource === 'engine-commands')).toBeGreaterThan(changes.indexOf(rowsEvent!));
  });

  it('never fails or holds up the engine while Redis is unreachable', async () => {
    const away = redisLivePublisher({ url: 'redis://127.0.0.1:1', prefix, maxLength: 10, timeoutMs: 200, warn: () => undefined });
    const cut = await PaperEngine.open(db.pool, { seed: 7, startAt: START, live: away });
    const before = cut.lastMinute;
    expect(await cut.advance(before + 2 * MINUTE_MS)).toBe(2);
    await away.close();
  });
});

describe('CommitChanges', () => {
  it('merges the ids of one resource and action, forgets an uncommitted batch, and spaces chart events', () => {
    let now = 0;
    const batch = new CommitChanges(() => now);
    batch.rowsChanged('orders', 'orders', 'updated', ['1', 2]);
    batch.rowsChanged('orders', 'orders', 'updated', ['2', '3']);
    batch.rowsChanged('orders', 'orders', 'created', []);
    batch.metricsWritten();
    expect(batch.take()).toEqual([
      { resource: 'orders', action: 'updated', section: 'orders', ids: ['1', '2', '3'] },
      { resource: 'charts', action: 'updated', section: 'charts' },
    ]);
    batch.rowsChanged('signals', 'signals', 'created', ['9']);
    batch.clear();
    batch.metricsWritten();
    now = 30_000;
    expect(batch.take()).toEqual([]);
    batch.metricsWritten();
    now = 60_000;
    expect(batch.take()).toEqual([{ resource: 'charts', action: 'updated', section: 'charts' }]);
  });
});
