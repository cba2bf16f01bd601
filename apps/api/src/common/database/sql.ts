import type { EntityManager } from 'typeorm';

/**
 * Rows of a raw query. TypeORM's Postgres driver answers UPDATE and DELETE with `[rows, count]` but
 * SELECT and INSERT with `rows`; this hides the difference.
 */
export async function queryRows<T>(manager: Pick<EntityManager, 'query'>, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
