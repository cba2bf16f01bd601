/** One pg pool for the engine; every minute's writes go through `inTransaction`. */
import { Pool, type PoolClient } from 'pg';

export type Db = Pick<PoolClient, 'query'>;

/**
 * An idle connection that PostgreSQL ends (a restart, a failover, pg_terminate_backend) is an 'error'
 * event on the pool, which kills the process when nothing listens: the pool has already dropped the
 * connection and opens another for the next query, so it is logged and trading goes on. A query that
 * was running when its connection ended still fails, and its transaction rolls back.
 */
export function createPool(databaseUrl: string, log: (message: string) => void = logPoolError): Pool {
  const pool = new Pool({ connectionString: databaseUrl, max: 4, application_name: 'paper-engine' });
  pool.on('error', (error) => log(`an idle database connection ended: ${error.message}`));
  return pool;
}

function logPoolError(message: string): void {
  console.log(JSON.stringify({ level: 'warn', service: 'engine', pid: process.pid, msg: message, time: Date.now() }));
}

export async function inTransaction<T>(pool: Pool, fn: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Epoch ms as the ISO text PostgreSQL reads into timestamptz. */
export const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());
