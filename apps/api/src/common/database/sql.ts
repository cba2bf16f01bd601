import type { EntityManager } from 'typeorm';

/**
 * What a repository method runs its statements on: the DataSource (a statement of its own) or the
 * EntityManager of the caller's transaction. The caller, not the repository, decides the transaction.
 */
export type Db = Pick<EntityManager, 'query'>;

/**
 * Rows of a raw query. TypeORM's Postgres driver answers UPDATE and DELETE with `[rows, count]` but
 * SELECT and INSERT with `rows`; this hides the difference.
 */
export async function queryRows<T>(manager: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** The first row of a raw query, or undefined when it returns none. */
export async function firstRow<T>(db: Db, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await queryRows<T>(db, sql, params))[0];
}

/** Runs an UPDATE or DELETE and answers how many rows it changed (TypeORM's `[rows, count]`). */
export async function affectedRows(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  const result: unknown = await db.query(sql, params);
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
