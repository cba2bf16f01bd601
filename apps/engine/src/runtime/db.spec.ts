import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from './db';
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
});
