import type { AddressInfo } from 'node:net';
import { METRIC_NAMES } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsDoc } from '../strategy/testing/fixtures';
import { PaperEngine } from './engine';
import { logCommandsTo, observePool, serveEngineMetrics } from './observability';
import { createTestDatabase, seedProfile, type TestDatabase } from './testing/database';

const START = Date.UTC(2024, 2, 1);

describe('what the engine shows operators', () => {
  let db: TestDatabase;
  let engine: PaperEngine;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedProfile(db.pool, settingsDoc({}), ['BTCUSDT']);
    engine = await PaperEngine.open(db.pool, { seed: 1, startAt: START });
    await engine.advance(START + 5 * 60_000);
    observePool(db.pool);
    logCommandsTo((line) => lines.push(line));
  });
  afterAll(async () => {
    logCommandsTo(null);
    await db.drop();
  });

  it("a settled command logs the request id of the request that asked for it, and its latency is measured", async () => {
    const [{ id }] = (
      await db.pool.query<{ id: string }>(
        `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key, request_id) VALUES ('disable_bot', 'system', NULL, '{}', 'observe-1', 'req-observe-1') RETURNING id::text`,
      )
    ).rows;
    await engine.commands();
    expect(lines).toContainEqual(expect.objectContaining({ requestId: 'req-observe-1', commandId: id, kind: 'disable_bot', status: 'succeeded', service: 'engine' }));

    const server = await serveEngineMetrics(0, '127.0.0.1');
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toMatch(new RegExp(`${METRIC_NAMES.engineCommandLatency}_count\\{kind="disable_bot",status="succeeded"\\} 1`));
      expect(text).toContain(`${METRIC_NAMES.dbPoolConnections}{state="total"}`);
      expect(text).toContain('process_cpu_user_seconds_total');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
