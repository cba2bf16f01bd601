import type { TestProject } from 'vitest/node';
import { runMigrations } from '../common/database/data-source';
import { databaseUrl, findServices, TEMPLATE_DB, withAdminClient } from './services';

/** Once per run: find the services and migrate a template database that every test file clones. */
export default async function setup(project: TestProject) {
  const services = await findServices();
  await withAdminClient(services.adminDatabaseUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  });
  await runMigrations(databaseUrl(services.adminDatabaseUrl, TEMPLATE_DB));
  project.provide('adminDatabaseUrl', services.adminDatabaseUrl);
  project.provide('redisUrl', services.redisUrl);
  return async () => services.stop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    redisUrl: string;
  }
}
