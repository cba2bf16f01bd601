import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, inTransaction } from './db';
import { completeCommand } from './sql/commands';
import { createTestDatabase, type TestDatabase } from './testing/database';

describe("the engine's pool when PostgreSQL ends its connections", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('an idle connection cut by the server is logged, and the next query opens another', async () => {
    const logged: string[] = [];
    const pool = createPool(db.url, (message) => logged.push(message));
    try {
      const before = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Without a listener this 'error' event ends the process (vitest reports it as an unhandled error).
      const cut = new Promise<void>((resolve) => pool.once('error', () => resolve()));
      const admin = new Client({ connectionString: db.url });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [before.rows[0].pid]);
      } finally {
        await admin.end();
      }
      await cut;
      expect(logged).toEqual([expect.stringContaining('terminating connection due to administrator command')]);
      const after = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(after.rows[0].pid).not.toBe(before.rows[0].pid);
    } finally {
      await pool.end();
    }
  });

  it('a command written after the transaction that completes it began is completed after it was written', async () => {
    const latency = await inTransaction(db.pool, async (tx) => {
      await tx.query('SELECT now()');
      // Written on another connection once the engine's transaction is open, as a command arriving mid-turn is.
      const { rows } = await db.pool.query<{ id: string }>(
        `INSERT INTO engine_commands (kind, target_type, target_id, payload, idempotency_key) VALUES ('disable_bot', 'system', NULL, '{}', 'late-1') RETURNING id::text`,
      );
      expect(await completeCommand(tx, { id: rows[0].id, target_type: 'system', target_id: null }, { status: 'succeeded', done: 'CHANGED' })).toBe(true);
      return (await tx.query<{ s: number }>(`SELECT extract(epoch FROM completed_at - created_at)::float8 AS s FROM engine_commands WHERE id = $1`, [rows[0].id])).rows[0].s;
    });
    expect(latency).toBeGreaterThanOrEqual(0);
  });
});
