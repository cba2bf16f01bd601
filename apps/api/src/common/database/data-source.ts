/**
 * The one data-source definition: used by the API, the worker, the CLI and the test harness. No entities:
 * every query is SQL written for its feature, and migrations are written by hand.
 */
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '@console/migrations';

/** Connection options of every API and worker connection (the read replica's too). */
export const NO_JIT = '-c jit=off';

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // JIT off: the console's statements are index walks of a few milliseconds, and a deep page's cost
    // estimate crossed JIT's thresholds, which spent 200 ms compiling a 60 ms walk.
    extra: { max: 10, idleTimeoutMillis: 30_000, application_name: 'trading-console', options: NO_JIT },
  };
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}

/** The advisory lock that lets one process at a time migrate a database (each API host migrates as it starts). */
const MIGRATION_LOCK_KEY = 730_117_352;
const MIGRATION_LOCK_RETRY_MS = 200;

/**
 * Runs pending migrations; safe to call again (it does nothing when all have run), and from several
 * processes at once: the others wait for the first, then find nothing left to run.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  const lock = ds.createQueryRunner();
  let locked = false;
  try {
    await lock.connect();
    // Tried again and again rather than waited on: a session blocked in pg_advisory_lock keeps its snapshot
    // open, and a CREATE INDEX CONCURRENTLY of the running migration would wait for that snapshot in turn.
    while (!locked) {
      locked = (await lock.query(`SELECT pg_try_advisory_lock($1) AS taken`, [MIGRATION_LOCK_KEY]))[0].taken;
      if (!locked) await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_RETRY_MS));
    }
    const ran = await ds.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    if (locked) await lock.query(`SELECT pg_advisory_unlock($1)`, [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
    await ds.destroy();
  }
}

/** For the TypeORM CLI (`typeorm migration:run -d dist/common/database/data-source.js`). */
export default createDataSource(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
