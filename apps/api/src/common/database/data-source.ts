/**
 * The one data-source definition: used by the API, the worker, the CLI and the test harness. No entities:
 * every query is SQL written for its feature, and migrations are written by hand.
 */
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '@console/migrations';

export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    extra: { max: 10, idleTimeoutMillis: 30_000, application_name: 'trading-console' },
  };
}

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource(dataSourceOptions(databaseUrl));
}

/** Runs pending migrations; safe to call again (it does nothing when all have run). */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  try {
    const ran = await ds.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

/** For the TypeORM CLI (`typeorm migration:run -d dist/common/database/data-source.js`). */
export default createDataSource(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
