/** One pg pool for the engine; every minute's writes go through `inTransaction`. */
import { Pool, type PoolClient } from 'pg';

export type Db = Pick<PoolClient, 'query'>;

export function createPool(databaseUrl: string): Pool {
  return new Pool({ connectionString: databaseUrl, max: 4, application_name: 'paper-engine' });
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
